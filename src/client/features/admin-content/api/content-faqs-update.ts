import { api } from '@/lib/api/client';
import type { FaqDraft } from './content-faqs-create';

export const updateFaq = (id: number, draft: FaqDraft) => api('/admin/content/faqs/update', { id, ...draft });
