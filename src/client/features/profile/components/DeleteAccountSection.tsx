import type { AccountDeletionPreview } from '@common/contract/account-deletion';
import { formatCents } from '@common/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api/client';
import { storage } from '@/lib/storage/storage';
import { notify } from '@/lib/toast';
import { Modal } from '@/lib/ui/Modal';
import { useSession } from '@/stores/session-store';
import { deleteAccount, useDeletionPreview } from '../api/account-deletion';
import '../account-deletion-locales';

/**
 * "Delete my account" on the profile (docs/decisions/050): the dialog first says what happens — the open orders that
 * must be completed or cancelled (by number), the cash reward and an agent's unpaid commissions forfeited, the
 * subscriptions that end — then asks for the password (or, for an account linked to Telegram, a confirmation in the
 * chat with the bot).
 */
export function DeleteAccountSection({ userId }: { userId: number }) {
  const { t } = useTranslation('account-deletion');
  const [open, setOpen] = useState(false);
  return (
    <section className="profile-card" aria-labelledby="profile-delete-account">
      <h2 id="profile-delete-account" className="profile-card__title">
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        {t('open')}
      </button>
      {open && <DeleteAccountDialog userId={userId} onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ userId, onClose }: { userId: number; onClose(): void }) {
  const { t } = useTranslation('account-deletion');
  const preview = useDeletionPreview(userId);
  const navigate = useNavigate();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leaveLoggedOut = useLogOutOnLeaving();

  const run = async (input: { password?: string; confirm_via?: 'telegram' }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await deleteAccount(input);
      if (result.message) notify.success(result.message);
      if (result.deleted) {
        leaveLoggedOut();
        navigate('/', { replace: true });
        return;
      }
      onClose();
    } catch (err) {
      setError(
        err instanceof ApiError && err.code !== 0 ? (err.field('password') ?? err.message) : t('somethingWrong'),
      );
    } finally {
      setBusy(false);
    }
  };

  const p = preview.data?.preview;
  return (
    <Modal title={t('title')} closeLabel={t('close')} onClose={onClose} busy={busy}>
      {preview.isPending && <p>{t('loading')}</p>}
      {preview.isError && <p role="alert">{t('loadFailed')}</p>}
      {p && p.open_orders.length > 0 && (
        <div role="alert">
          <p>{t('openOrders')}</p>
          <ul>
            {p.open_orders.map((o) => (
              <li key={o.id}>{t('orderLine', { no: o.order_no })}</li>
            ))}
          </ul>
        </div>
      )}
      {p && p.open_orders.length === 0 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run({ password });
          }}
        >
          <Consequences preview={p} />
          <p>
            <strong>{t('final')}</strong>
          </p>
          <label htmlFor={passwordId}>{t('password')}</label>
          <input
            id={passwordId}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && <p role="alert">{error}</p>}
          <div className="co-modal__actions">
            <button type="submit" className="btn btn--danger" disabled={busy || password === ''}>
              {t('confirm')}
            </button>
            {p.telegram_confirm && (
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void run({ confirm_via: 'telegram' })}
              >
                {t('viaTelegram')}
              </button>
            )}
            <button type="button" className="btn" disabled={busy} onClick={onClose}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** What the deletion does to the account's money and subscriptions, and what stays. */
function Consequences({ preview: p }: { preview: AccountDeletionPreview }) {
  const { t } = useTranslation('account-deletion');
  return (
    <ul>
      <li>{p.cash_balance_cents > 0 ? t('forfeit', { amount: formatCents(p.cash_balance_cents) }) : t('noBalance')}</li>
      {p.unpaid_commissions_cents > 0 && (
        <li>{t('commissions', { amount: formatCents(p.unpaid_commissions_cents) })}</li>
      )}
      {p.subscriptions > 0 && <li>{t('subscriptions', { count: p.subscriptions })}</li>}
      <li>{t('books')}</li>
    </ul>
  );
}

/**
 * Once the account is deleted (call the answer), leaving the page logs out as the menu's Log out does: all browser
 * storage, the user and the data cache cleared. Not at once: cleared while the profile still shows, its log-in guard
 * would send the page to the log-in screen (the router's navigation is a transition, the session store is not).
 */
function useLogOutOnLeaving(): () => void {
  const queryClient = useQueryClient();
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (!deleted.current) return;
      storage.clear();
      useSession.getState().clear();
      queryClient.clear();
    },
    [queryClient],
  );
  return () => {
    deleted.current = true;
  };
}
