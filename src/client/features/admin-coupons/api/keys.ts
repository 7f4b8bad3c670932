import { useMessageMutation } from '@/lib/api/use-message-mutation';

/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const couponKeys = {
  all: ['admin', 'coupons'] as const,
  list: (q: string, state: string) => ['admin', 'coupons', 'list', q, state] as const,
  detail: (id: number) => ['admin', 'coupons', 'detail', id] as const,
};

/** Runs a change, answers its data with the server's message, and reads every coupon query again. */
export const useCouponMutation = <I, O>(send: (input: I, onMessage: (m: string) => void) => Promise<O>) =>
  useMessageMutation(send, [couponKeys.all]);
