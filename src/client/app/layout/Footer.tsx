import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MailIcon } from '@/lib/icons';
import { Brand } from '@/lib/ui/Brand';
import { SocialLinks } from './SocialLinks';
import { CONTACT_EMAIL } from './shop-links';
import './layout.css';

/**
 * The footer (docs/product.md §2): brand logo linking home, social icons, contact e-mail, the four policy links,
 * a 2025 copyright line.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__about">
          <Brand className="footer__brand" />
          <p className="footer__tagline">{t('footer.tagline')}</p>
          <SocialLinks className="footer__social" />
        </div>
        <nav className="footer__nav" aria-label={t('footer.navigation')}>
          <h2 className="footer__heading">{t('footer.help')}</h2>
          <ul className="footer__links">
            <li>
              <Link to="/faq">{t('footer.faq')}</Link>
            </li>
            <li>
              <Link to="/shipping-policy">{t('footer.shipping')}</Link>
            </li>
            <li>
              <Link to="/terms-of-service">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <div className="footer__contact">
          <h2 className="footer__heading">{t('footer.contact')}</h2>
          <a className="footer__mail" href={`mailto:${CONTACT_EMAIL}`}>
            <MailIcon size={20} />
            {CONTACT_EMAIL}
          </a>
        </div>
      </div>
      <p className="footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
