import type { ApiOutput } from '@common/contract/api-map';
import type { ReferralMember } from '@common/contract/referral';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDate } from '@/lib/format/format';
import { CopyField } from '@/lib/ui/CopyField';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { ListStatus, LoadMore } from '@/lib/ui/ListStatus';
import { useReferralLinkCustomerVersion } from '../api/get-referral-link-customer-version';
import { useReferralMemberAward } from '../api/get-referral-member-award';
import { TelegramShareButton } from '../components/TelegramShareButton';
import '../locales';
import '@/lib/ui/panels.css';
import '../referral.css';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /referral (normal users): the referral code and link (copy, QR code) and the referred members with
 * the award earned for each. Guests go to the login screen; agents to /affiliate.
 */
// Customers only: the router's RequireUser (app/guards) sends guests to /login and agents to /affiliate.
export default function ReferralPage() {
  return <ReferralDashboard />;
}

function ReferralDashboard() {
  const { t } = useTranslation('referral');
  const members = useReferralMemberAward();
  const first = members.data?.pages[0];
  const rows = members.data?.pages.flatMap((p) => p.members) ?? [];

  usePageTitle(t('title'));

  const columns: Column<ReferralMember>[] = [
    { key: 'nickname', label: t('members.nickname'), render: (m) => m.nickname },
    { key: 'joined', label: t('members.joined'), render: (m) => formatDate(m.joined_at) },
    {
      key: 'via',
      label: t('members.via'),
      render: (m) => (m.via === 'link' || m.via === 'code' || m.via === 'bot' ? t(`via.${m.via}`) : t('via.unknown')),
    },
    {
      key: 'status',
      label: t('members.status'),
      render: (m) => <span className={`badge badge--${m.status.toLowerCase()}`}>{t(`status.${m.status}`)}</span>,
    },
    {
      key: 'award',
      label: t('members.award'),
      numeric: true,
      // An award On Hold (docs/decisions/032) or refused is said so, not shown as $0.00.
      render: (m) =>
        m.award_status === 'on_hold' || m.award_status === 'refused'
          ? t(`awardStatus.${m.award_status}`)
          : formatCents(m.award_cents),
    },
  ];

  return (
    <main className="page referral">
      <h1>{t('title')}</h1>
      {first && <p className="referral__intro">{t('intro', { award: formatCents(first.award_per_member_cents) })}</p>}

      <ShareCard />

      <section className="referral__members" aria-labelledby="referral-members">
        <h2 id="referral-members">{t('members.title')}</h2>
        {first && <MemberStats summary={first} />}
        {members.data ? (
          <>
            <DataTable
              caption={t('members.title')}
              columns={columns}
              rows={rows}
              rowKey={(m) => m.id}
              empty={t('members.empty')}
            />
            <LoadMore
              hasMore={members.hasNextPage}
              loading={members.isFetchingNextPage}
              onLoad={() => void members.fetchNextPage()}
            />
          </>
        ) : (
          <ListStatus isPending={members.isPending} error={members.error} onRetry={() => void members.refetch()} />
        )}
      </section>
    </main>
  );
}

/** The referral code and link to copy, and the link's QR code. */
function ShareCard() {
  const { t } = useTranslation('referral');
  const link = useReferralLinkCustomerVersion();
  return (
    <section className="ref-card referral__share" aria-labelledby="referral-share">
      <h2 id="referral-share" className="visually-hidden">
        {t('shareTitle')}
      </h2>
      {link.data ? (
        <>
          <div className="referral__fields">
            <CopyField label={t('codeLabel')} value={link.data.code} copyLabel={t('copyCode')} />
            <CopyField label={t('linkLabel')} value={link.data.link} copyLabel={t('copyLink')} />
            <TelegramShareButton link={link.data.link} />
          </div>
          <figure className="referral__qr">
            <QRCodeSVG
              value={link.data.qr_payload}
              size={176}
              marginSize={2}
              title={t('qrTitle')}
              role="img"
              aria-label={t('qrTitle')}
              bgColor="#ffffff"
              fgColor="#1f2a24"
            />
            <figcaption>{t('qrHint')}</figcaption>
          </figure>
        </>
      ) : (
        <ListStatus isPending={link.isPending} error={link.error} onRetry={() => void link.refetch()} />
      )}
    </section>
  );
}

/** The referred members counted, and the award earned for them. */
function MemberStats({
  summary,
}: {
  summary: Pick<
    ApiOutput<'/v2/get-referral-member-award'>,
    'total_members' | 'active_members' | 'award_per_member_cents' | 'total_award_cents'
  >;
}) {
  const { t } = useTranslation('referral');
  return (
    <dl className="stat-grid">
      <div className="stat">
        <dt>{t('summary.members')}</dt>
        <dd>{summary.total_members}</dd>
      </div>
      <div className="stat">
        <dt>{t('summary.active')}</dt>
        <dd>{summary.active_members}</dd>
      </div>
      <div className="stat">
        <dt>{t('summary.perMember')}</dt>
        <dd>{formatCents(summary.award_per_member_cents)}</dd>
      </div>
      <div className="stat stat--accent">
        <dt>{t('summary.total')}</dt>
        <dd>{formatCents(summary.total_award_cents)}</dd>
      </div>
    </dl>
  );
}
