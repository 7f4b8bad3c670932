import type { OrderActionResult } from '@common/contract/admin/order-actions';
import type { OrderAction } from '@common/order-workflow';
import { useMessageMutation } from '@/lib/api/use-message-mutation';
import { notify } from '@/lib/toast';
import { orderKeys } from './keys';
import { cancelOrder } from './orders-cancel';
import { clearPaymentAttention } from './orders-clear-attention';
import { completeOrder } from './orders-complete';
import { confirmPayment } from './orders-confirm-payment';
import { markProcessing } from './orders-processing';
import { recordRefund } from './orders-refund';
import { refundToCard } from './orders-refund-to-card';
import { rejectReceipt } from './orders-reject-receipt';
import { saveTracking } from './orders-tracking';

type RefundBody = Parameters<typeof recordRefund>[0] | Parameters<typeof refundToCard>[0];

/**
 * The refund action's call: a card-paid order's refund goes to the card (its form sends a reason), the others are
 * recorded (their form sends a method and a reference), as the order workflow's `refundKind` says.
 */
const refund = (input: RefundBody, options?: Parameters<typeof recordRefund>[1]) =>
  'reason' in input ? refundToCard(input, options) : recordRefund(input, options);

/** The call of each order action (one endpoint each, as the order workflow names them; refund has two). */
const CALLS = {
  confirm_payment: confirmPayment,
  reject_receipt: rejectReceipt,
  processing: markProcessing,
  tracking: saveTracking,
  complete: completeOrder,
  cancel: cancelOrder,
  refund,
  clear_attention: clearPaymentAttention,
} satisfies Record<OrderAction, unknown>;

/** What an action sends besides the order number, as its endpoint's contract says. */
export type ActionBody<A extends OrderAction> = OmitEach<
  Parameters<(typeof CALLS)[A]>[0],
  'order_no' | keyof CommonFields
>;
/** Omit over each member of a union (the refund's two bodies stay two). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type CommonFields = { lang?: unknown; token?: unknown; telegram_user_id?: unknown; is_frontend?: unknown };

type Call<A extends OrderAction> = (
  input: ActionBody<A> & { order_no: string },
  options: { onMessage: (message: string) => void },
) => Promise<OrderActionResult>;

export type RunAction = <A extends OrderAction>(action: A, body: ActionBody<A>) => Promise<void>;

/** Runs one action on the order: the server's message as a toast, then every admin order query read again. */
export function useRunOrderAction(orderNo: string): { run: RunAction; busy: boolean } {
  const mutation = useMessageMutation(
    (send: (onMessage: (message: string) => void) => Promise<OrderActionResult>, onMessage) => send(onMessage),
    [orderKeys.all],
  );
  const run: RunAction = async (action, body) => {
    // TypeScript cannot tie CALLS[action] to `action`'s own body; the map above is that tie.
    const call = CALLS[action] as unknown as Call<typeof action>;
    const { message } = await mutation.mutateAsync((onMessage) => call({ order_no: orderNo, ...body }, { onMessage }));
    if (message) notify.success(message);
  };
  return { run, busy: mutation.isPending };
}
