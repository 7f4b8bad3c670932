import type { UserInfo } from '@common/contract/accounts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { getStoredReferralCode, isReferralCode } from '@/entities/user/referral-code';
import { useSession } from '@/stores/session-store';
import { useMailOptions } from '../api/account-mail';
import { recordLoginVisit } from '../api/record-visit';
import { AuthForm } from '../components/AuthForm';
import { AuthPageShell } from '../components/AuthPageShell';
import { safeRedirect } from '../safe-redirect';
import '../locales';
import '../auth.css';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /login and /login/{referral_code} (docs/product.md §3): log in or register, no header or footer. After a login the
 * session is stored and the app goes to `?redirect=` (a path of this site) or home. A referral code in the
 * URL is prefilled, opens the Register tab, and counts as a visit of the referral link (docs/decisions/012).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { referralCode: codeInPath } = useParams();
  const [params] = useSearchParams();
  // The code a visitor came with: /login/{code}, else ?ref=, else the one kept from /{code} earlier.
  const ref = params.get('ref');
  const referralCode = codeInPath ?? (isReferralCode(ref) ? ref : undefined) ?? getStoredReferralCode() ?? undefined;
  const target = safeRedirect(params.get('redirect'));
  const loggedIn = useSession((s) => s.user !== null && s.token !== null);
  // "Forgot password?" only when the shop sends e-mail (docs/decisions/016).
  const mailOn = useMailOptions().data?.mail_on === true;

  usePageTitle(t('pageTitle'));

  useEffect(() => {
    if (!codeInPath) return;
    // Best effort: an unknown code is refused again, at the field, if the visitor registers with it.
    recordLoginVisit(codeInPath).catch(() => {});
  }, [codeInPath]);

  const onLoggedIn = (user: UserInfo, token: string) => {
    useSession.getState().setSession(user, token);
    navigate(target, { replace: true });
  };

  if (loggedIn) return <Navigate to={target} replace />;

  return (
    <AuthPageShell title={t('welcome')} back={{ to: '/', label: t('backToShop') }}>
      <AuthForm
        onLoggedIn={onLoggedIn}
        referralCode={referralCode}
        initialTab={referralCode ? 'register' : 'login'}
        forgotPassword={mailOn}
      />
    </AuthPageShell>
  );
}
