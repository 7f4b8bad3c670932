/**
 * The back office's order services (docs/decisions/013). The actions staff take (confirm payment, reject
 * receipt, processing, tracking, complete, cancel, refund) live in admin-actions.ts and are exported here, so
 * the routes, the bot's staff buttons and the command line import one module.
 */
export {
  type ActionResult,
  actionState,
  cancelOrder,
  completeOrder,
  confirmPayment,
  markProcessing,
  owedBack,
  type RefundLeft,
  recordRefund,
  refundMoney,
  rejectReceipt,
  saveTracking,
} from './admin-actions';
export { refundToCard } from './card-refund';
export { clearPaymentAttention } from './payment-attention';
