import { useCursorPages } from '@/lib/hooks/use-cursor-pages';
import { affiliateKeys } from './keys';

/** The agents matching `q`, a page at a time (the first page also says the shop's default rate). */
export const useAgents = (q: string) =>
  useCursorPages(affiliateKeys.agents(q), '/admin/affiliates/agents', { q: q || undefined });
