import { api } from '@/lib/api/client';

/** Uploads one image file; answers its URL (the product keeps it once the form is saved). */
export const uploadImage = (file: File) => api('/admin/products/images/upload', { image: file });
