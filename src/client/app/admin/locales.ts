import { addTranslations } from '@/lib/i18n/i18n';

/** The back office shell's strings (namespace `admin`); each admin feature adds its own namespace. */
export const en = {
  title: 'Back office',
  nav: {
    label: 'Back office',
    dashboard: 'Dashboard',
    orders: 'Orders',
    exchanges: 'Exchanges',
    customers: 'Customers',
    products: 'Products',
    coupons: 'Coupons',
    content: 'Content',
    shipping: 'Shipping',
    settings: 'Settings',
    affiliates: 'Affiliates',
    subscriptions: 'Subscriptions',
    staff: 'Staff',
    audit: 'Audit log',
    system: 'System',
    menu: 'Menu',
    closeMenu: 'Close menu',
    toShop: 'Back to the shop',
    myAlerts: 'My alerts',
  },
  role: { owner: 'Owner', manager: 'Manager', fulfilment: 'Fulfilment' },
  staffOnly: 'This page is for the shop’s staff.',
  staffOnlyHint: 'Ask the shop’s owner to add your account to the staff.',
  loadFailed: 'Could not load this. Check your connection and try again.',
  retry: 'Try again',
};

export const zh: typeof en = {
  title: '后台',
  nav: {
    label: '后台',
    dashboard: '仪表盘',
    orders: '订单',
    exchanges: '换货',
    customers: '顾客',
    products: '商品',
    coupons: '优惠券',
    content: '内容',
    shipping: '配送',
    settings: '设置',
    affiliates: '推广',
    subscriptions: '订阅',
    staff: '员工',
    audit: '审计日志',
    system: '系统',
    menu: '菜单',
    closeMenu: '关闭菜单',
    toShop: '返回商店',
    myAlerts: '我的提醒',
  },
  role: { owner: '店主', manager: '经理', fulfilment: '发货' },
  staffOnly: '此页面仅供店铺员工使用。',
  staffOnlyHint: '请让店主把您的账户添加为员工。',
  loadFailed: '无法加载。请检查网络后重试。',
  retry: '重试',
};

addTranslations('admin', { en, zh });
