/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const exchangeKeys = {
  all: ['admin', 'exchanges'] as const,
  list: (status: string, orderId: number | null) => ['admin', 'exchanges', 'list', status, orderId] as const,
};
