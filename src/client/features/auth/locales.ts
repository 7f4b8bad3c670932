import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the login and register screen. The validation texts are the shared `messages` (spec §5). */
export const en = {
  pageTitle: 'Log in or register',
  welcome: 'Welcome to Leaf & Cup',
  tabs: 'Log in or register',
  loginTab: 'Log in',
  registerTab: 'Register',
  loginId: 'Email / Phone Number',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  referralCode: 'Referral code (optional)',
  referralFromLink: 'You were invited with this code.',
  loginSubmit: 'Log in',
  registerSubmit: 'Create account',
  backToShop: 'Back to the shop',
  noAccount: 'New here?',
  haveAccount: 'Already have an account?',
  somethingWrong: 'Something went wrong, please try again',
};

export const zh: typeof en = {
  pageTitle: '登录或注册',
  welcome: '欢迎来到 Leaf & Cup',
  tabs: '登录或注册',
  loginTab: '登录',
  registerTab: '注册',
  loginId: '邮箱 / 手机号码',
  password: '密码',
  confirmPassword: '确认密码',
  referralCode: '推荐码（选填）',
  referralFromLink: '您是通过此推荐码受邀的。',
  loginSubmit: '登录',
  registerSubmit: '创建账户',
  backToShop: '返回商店',
  noAccount: '第一次来？',
  haveAccount: '已有账户？',
  somethingWrong: '出了点问题，请重试',
};

addTranslations('auth', { en, zh });
