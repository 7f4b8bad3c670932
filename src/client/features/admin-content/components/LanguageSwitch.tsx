import { useTranslation } from 'react-i18next';
import '../locales';

export type TextLang = 'en' | 'zh';
export const TEXT_LANGS: readonly TextLang[] = ['en', 'zh'];

/** English / 中文: which language's text an editor (or a preview) shows. Two toggle buttons in a labelled group. */
export function LanguageSwitch({ value, onChange }: { value: TextLang; onChange(lang: TextLang): void }) {
  const { t } = useTranslation('admin-content');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled pair of toggle buttons, not a form fieldset
    <div className="acn-lang" role="group" aria-label={t('lang.label')}>
      {TEXT_LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'zh' ? 'zh' : 'en'}
          className={value === lang ? 'acn-lang__btn acn-lang__btn--on' : 'acn-lang__btn'}
          aria-pressed={value === lang}
          onClick={() => onChange(lang)}
        >
          {t(`lang.${lang}`)}
        </button>
      ))}
    </div>
  );
}
