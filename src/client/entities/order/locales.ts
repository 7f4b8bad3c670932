import { addTranslations } from '@/lib/i18n/i18n';

/** Strings of the order pieces several screens show (submitting a transfer's payment). */
export const en = {
  loadFailed: 'Could not load this. Check your connection and try again.',
  payment: {
    title: 'Submit payment',
    intro: 'Transfer {{total}} to the bank account above, then enter the payment reference and upload the receipt.',
    reference: 'Payment reference',
    receipt: 'Receipt image',
    receiptHint: 'A photo or screenshot of the transfer (PNG, JPEG or WebP).',
    chooseReceipt: 'Choose image',
    changeReceipt: 'Change image',
    noReceipt: 'No image chosen',
    submit: 'Submit payment',
  },
};

export const zh: typeof en = {
  loadFailed: '无法加载。请检查网络后重试。',
  payment: {
    title: '提交付款',
    intro: '请向上方银行账户转账 {{total}}，然后输入付款参考号并上传收据。',
    reference: '付款参考号',
    receipt: '收据图片',
    receiptHint: '转账的照片或截图（PNG、JPEG 或 WebP）。',
    chooseReceipt: '选择图片',
    changeReceipt: '更换图片',
    noReceipt: '未选择图片',
    submit: '提交付款',
  },
};

addTranslations('order', { en, zh });
