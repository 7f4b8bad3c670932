import type { AdminFaq } from '@common/contract/admin/content';
import { api } from '@/lib/api/client';
import { contentKeys, shopKeys } from './keys';
import { useReorder } from './reorder';

export const reorderFaqs = (ids: number[]) => api('/admin/content/faqs/reorder', { ids });

export const useReorderFaqs = () => useReorder<'faqs', AdminFaq>(contentKeys.faqs, 'faqs', reorderFaqs, shopKeys.faq);
