import { cardBrandName } from '@common/card-brand';
import type { SavedCard } from '@common/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { useRemoveSavedCard } from '../api/saved-cards';
import '../locales';
import '../user.css';

/** "Visa •••• 4242" (the provider's brand name in its usual spelling). */
export function useCardLabel() {
  const { t } = useTranslation('user');
  return (card: Pick<SavedCard, 'brand' | 'last4'>) =>
    t('savedCardLabel', { brand: cardBrandName(card.brand), last4: card.last4 });
}

/**
 * A card saved for Subscribe & save renewals with its Remove button (docs/decisions/040): removing it stops automatic
 * charges at once. Shown in the profile and on each subscription charged to it.
 */
export function SavedCardLine({ card, onRemoved }: { card: SavedCard; onRemoved?(): void }) {
  const { t } = useTranslation('user');
  const label = useCardLabel()(card);
  const remove = useRemoveSavedCard();
  const onRemove = () =>
    remove.mutate(card.id, {
      onSuccess: (message) => {
        if (message) notify.success(message);
        onRemoved?.();
      },
      onError: (err) => notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong')),
    });
  return (
    <span className="saved-card">
      <span className="saved-card__label">{label}</span>
      <button
        type="button"
        className="btn btn--secondary saved-card__remove"
        aria-label={t('removeCardOf', { card: label })}
        disabled={remove.isPending}
        onClick={onRemove}
      >
        {t('removeCard')}
      </button>
    </span>
  );
}
