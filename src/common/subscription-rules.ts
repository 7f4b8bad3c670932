/** Subscribe & save's states, without zod (src/common/contract/subscriptions.ts builds its schemas from them). */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
