import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavedCards } from '@/entities/user/api/saved-cards';
import { SavedCardLine } from '@/entities/user/components/SavedCardLine';
import '@/entities/user/locales';
import '../locales';

/**
 * The card saved for Subscribe & save renewals (docs/decisions/040), with Remove: removing it stops automatic charges
 * at once. Nothing is shown while the customer has none, unless they removed the last one here: then the section
 * stays, saying so, with the focus on its title (not lost to the page's body).
 */
export function SavedCardsSection() {
  const { t } = useTranslation('profile');
  const { t: tu } = useTranslation('user');
  const cards = useSavedCards();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState(0);
  useEffect(() => {
    if (removed) titleRef.current?.focus();
  }, [removed]);
  const list = cards.data?.saved_cards ?? [];
  if (!list.length && !removed) return null;
  return (
    <section className="profile-card" aria-labelledby="profile-saved-cards">
      <h2 id="profile-saved-cards" ref={titleRef} tabIndex={-1} className="profile-card__title">
        {t('savedCards')}
      </h2>
      {!list.length && <p>{t('savedCardsNone')}</p>}
      <ul className="profile-alerts" hidden={!list.length}>
        {list.map((card) => (
          <li key={card.id} className="profile-alerts__item">
            <SavedCardLine card={card} onRemoved={() => setRemoved((n) => n + 1)} />
          </li>
        ))}
      </ul>
      {list.length > 0 && <p className="saved-card__hint">{tu('removeCardHint')}</p>}
    </section>
  );
}
