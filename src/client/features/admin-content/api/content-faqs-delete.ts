import { api } from '@/lib/api/client';
import { contentKeys, shopKeys, useContentMutation } from './keys';

export const deleteFaq = (id: number) => api('/admin/content/faqs/delete', { id });

export const useDeleteFaq = () => useContentMutation(deleteFaq, [contentKeys.faqs, shopKeys.faq]);
