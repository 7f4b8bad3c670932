import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { contentKeys } from './keys';

export const getFaqs = (signal?: AbortSignal) => api('/admin/content/faqs/list', {}, { signal });

/** The FAQ in both languages, in order. */
export const useFaqs = () => useQuery({ queryKey: contentKeys.faqs, queryFn: ({ signal }) => getFaqs(signal) });
