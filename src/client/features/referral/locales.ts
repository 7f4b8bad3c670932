import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the referral screens (/referral, /{referral_code}). */
export const en = {
  title: 'Referral',
  intro:
    'Share your link with friends. When someone registers with your code and completes their first order, you earn {{award}}.',
  shareTitle: 'Share your referral',
  codeLabel: 'Your referral code',
  linkLabel: 'Your referral link',
  copyCode: 'Copy code',
  copyLink: 'Copy link',
  share: 'Share',
  shareText: 'Shop fresh teas at Leaf & Cup with my referral link',
  shareInTelegram: 'Share in Telegram',
  qrTitle: 'QR code of your referral link',
  qrHint: 'Let a friend scan this code to open the shop with your referral.',
  summary: {
    members: 'Members',
    active: 'Active members',
    perMember: 'Award per member',
    total: 'Total award',
  },
  members: {
    title: 'Referred members',
    empty: 'No one has joined with your code yet.',
    nickname: 'Member',
    joined: 'Joined',
    via: 'Via',
    status: 'Status',
    award: 'Award',
  },
  status: { Active: 'Active', Inactive: 'Inactive' },
  awardStatus: { on_hold: 'On Hold: the shop is checking it', refused: 'Not awarded' },
  via: { link: 'Referral link', code: 'Referral code', bot: 'Telegram bot', unknown: '—' },
};

export const zh: typeof en = {
  title: '推荐',
  intro: '把您的链接分享给朋友。好友使用您的推荐码注册并完成首笔订单后，您将获得 {{award}}。',
  shareTitle: '分享您的推荐',
  codeLabel: '您的推荐码',
  linkLabel: '您的推荐链接',
  copyCode: '复制推荐码',
  copyLink: '复制链接',
  share: '分享',
  shareText: '通过我的推荐链接在 Leaf & Cup 选购新鲜好茶',
  shareInTelegram: '在 Telegram 中分享',
  qrTitle: '推荐链接二维码',
  qrHint: '让朋友扫描此二维码，即可通过您的推荐进入商店。',
  summary: {
    members: '成员',
    active: '活跃成员',
    perMember: '每位成员奖励',
    total: '奖励总额',
  },
  members: {
    title: '推荐的成员',
    empty: '还没有人使用您的推荐码加入。',
    nickname: '成员',
    joined: '加入时间',
    via: '来源',
    status: '状态',
    award: '奖励',
  },
  status: { Active: '活跃', Inactive: '未激活' },
  awardStatus: { on_hold: '暂缓：商店正在核查', refused: '未发放' },
  via: { link: '推荐链接', code: '推荐码', bot: 'Telegram 机器人', unknown: '—' },
};

addTranslations('referral', { en, zh });
