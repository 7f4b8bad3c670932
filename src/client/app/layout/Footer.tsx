import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <Link to="/" className="footer__brand">
        {t('brand')}
      </Link>
      <nav className="footer__links">
        <a href="mailto:hello@leafandcup.example">{t('footer.contact')}</a>
        <Link to="/terms-of-service">{t('footer.terms')}</Link>
        <Link to="/privacy-policy">{t('footer.privacy')}</Link>
        <Link to="/faq">{t('footer.faq')}</Link>
        <Link to="/shipping-policy">{t('footer.shipping')}</Link>
      </nav>
      <p className="footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
