import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LogoMark } from '../icons';

/** The brand logo (mark and name), linking home. */
export function Brand({ className = '', onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`brand ${className}`} onClick={onClick}>
      <LogoMark />
      <span className="brand__name">{t('brand')}</span>
    </Link>
  );
}
