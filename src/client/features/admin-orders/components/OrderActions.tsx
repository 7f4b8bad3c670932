// Placeholder while the order actions are being built (issue 12): the order page renders these.
import type { MainAction } from '@/lib/ui/admin/AdminPage';

// biome-ignore lint/suspicious/noExplicitAny: replaced by the admin order detail type
type Detail = any;

export function OrderActions(_: { order: Detail }) {
  return null;
}

export function useOrderMainAction(_order: Detail | undefined): MainAction | undefined {
  return undefined;
}
