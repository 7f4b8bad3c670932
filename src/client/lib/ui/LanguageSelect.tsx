import { parseLang } from '@common/contract/lang';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../i18n/i18n';
import { changeLanguage } from '../i18n/language';

/** EN / 中文: stores `language` (1|2) and `i18nextLng` and reloads the page (docs/product.md §2, Languages). */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`lang-select ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={currentLang()}
        onChange={(e) => {
          const lang = parseLang(e.target.value);
          if (lang && lang !== currentLang()) changeLanguage(lang);
        }}
      >
        <option value="en" lang="en">
          EN
        </option>
        <option value="zh" lang="zh-CN">
          中文
        </option>
      </select>
    </div>
  );
}
