/** This feature's react-query keys (under the back office's 'admin' prefix). */
export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: (q: string) => ['admin', 'customers', 'list', q] as const,
  detail: (id: number) => ['admin', 'customers', 'detail', id] as const,
};
