import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Stores a banner image; answers its URLs (the banner keeps `url` once saved). */
export const uploadContentImage = (image: File) => api('/admin/content/images/upload', { image });

export const useUploadImage = () => useMutation({ mutationFn: uploadContentImage });
