import { DATA_EXPORT_DAILY_LIMIT, type DataExport } from '@common/contract/data-export';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { formatDateTime } from '@/lib/format/date';
import { useIsInTelegram } from '@/lib/telegram/launch';
import { openLinkInTelegram } from '@/lib/telegram/links';
import { notify } from '@/lib/toast';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useSession } from '@/stores/session-store';
import { useDataExport, useRequestDataExport, useSendDataExportToTelegram } from '../api/data-export';
import '../data-export-locales';
import '../profile.css';
import '@/lib/i18n/server-messages';

/**
 * "Download my data" on the profile (docs/decisions/051): ask for a copy, see "Preparing…" (the state is read again
 * every few seconds meanwhile), then "Download, until <time>" — the signed link, which needs no session. Inside
 * Telegram, whose web view may not save a file, the link opens in the browser (`openLink`), and a linked account can
 * have the bot send it to the chat. An expired or failed copy, or none, offers a new request while the day's allow.
 */
export function DataExportSection({ userId }: { userId: number }) {
  const { t } = useTranslation('profile-data');
  const state = useDataExport(userId);
  const request = useRequestDataExport(userId);
  const failed = (err: unknown) =>
    notify.error(err instanceof ApiError && err.code !== 0 ? err.message : t('somethingWrong'));
  const ask = () =>
    request.mutate(undefined, { onSuccess: ({ message }) => message && notify.success(message), onError: failed });

  const copy = state.data?.export ?? null;
  const left = state.data?.requests_left ?? 0;
  return (
    <section className="profile-card" aria-labelledby="profile-data-export">
      <h2 id="profile-data-export" className="profile-card__title">
        {t('title')}
      </h2>
      <p>{t('intro')}</p>
      {!state.data ? (
        <ListStatus isPending={state.isPending} error={state.error} onRetry={() => void state.refetch()} />
      ) : copy?.status === 'preparing' ? (
        <p role="status">
          <strong>{t('preparing')}</strong> {t('preparingHint')}
        </p>
      ) : copy?.status === 'ready' && copy.download_url ? (
        <ReadyCopy copy={copy} onError={failed} />
      ) : (
        <>
          {copy?.status === 'expired' && <p>{t('expired')}</p>}
          {copy?.status === 'failed' && <p role="alert">{t('failed')}</p>}
          <button type="button" className="btn btn--secondary" disabled={request.isPending || left === 0} onClick={ask}>
            {t('request')}
          </button>
          <p>{left > 0 ? t('left', { count: left }) : t('noneLeft', { max: DATA_EXPORT_DAILY_LIMIT })}</p>
        </>
      )}
    </section>
  );
}

/** The ready copy's link: a download in a browser; inside Telegram, the browser or the bot's message. */
function ReadyCopy({ copy, onError }: { copy: DataExport; onError: (err: unknown) => void }) {
  const { t } = useTranslation('profile-data');
  const inTelegram = useIsInTelegram();
  const linked = useSession((s) => s.user?.telegram_user_id != null);
  const send = useSendDataExportToTelegram();
  const url = copy.download_url!;
  const label = t('download', { until: formatDateTime(copy.expires_at!) });
  if (!inTelegram) {
    return (
      <a className="btn btn--primary" href={url} download>
        {label}
      </a>
    );
  }
  return (
    <>
      <p>{t('telegramHint')}</p>
      <a
        className="btn btn--primary"
        href={url}
        onClick={(e) => {
          if (openLinkInTelegram(url)) e.preventDefault();
        }}
      >
        {label}
      </a>{' '}
      {linked && (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, { onSuccess: (message) => message && notify.success(message), onError })
          }
        >
          {t('sendToChat')}
        </button>
      )}
    </>
  );
}
