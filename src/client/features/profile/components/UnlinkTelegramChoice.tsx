import type { UserInfo } from '@common/contract/accounts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { telegramWho } from '@/entities/user/components/PasswordConfirmForm';
import '../locales';

/**
 * With a new password, the choice to also remove the Telegram link, naming the Telegram user (docs/decisions/031): a
 * link opens the Mini App logged in without a password, so a customer who changes the password because someone else
 * may know it should see who else can still get in that way. Shown only to a linked account.
 */
export function UnlinkTelegramChoice({ user, registration }: { user: UserInfo; registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('profile');
  if (user.telegram_user_id === null) return null;
  const who = telegramWho({ name: user.telegram_name, username: user.telegram_username, id: user.telegram_user_id });
  return (
    <label className="profile-check">
      <input type="checkbox" {...registration} />
      <span>
        {t('unlinkWithPassword', { who })}
        <span className="field__hint">{t('unlinkWithPasswordHint')}</span>
      </span>
    </label>
  );
}
