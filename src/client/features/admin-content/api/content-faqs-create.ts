import type { ApiInput } from '@common/contract/api-map';
import { api } from '@/lib/api/client';

/** A question and its answer in both languages, as the FAQ editor sends them. */
export type FaqDraft = ApiInput<'/admin/content/faqs/create'>;

export const createFaq = (draft: FaqDraft) => api('/admin/content/faqs/create', draft);
