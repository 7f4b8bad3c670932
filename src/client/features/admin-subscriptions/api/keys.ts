/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const subscriptionKeys = {
  all: ['admin', 'subscriptions'] as const,
  list: (status: string, email: string) => ['admin', 'subscriptions', 'list', status, email] as const,
};
