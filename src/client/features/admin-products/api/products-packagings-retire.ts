import { api } from '@/lib/api/client';
import { useCatalogueChange } from './keys';

export const retirePackaging = (packagingId: number, onMessage?: (message: string) => void) =>
  api('/admin/products/packagings/retire', { packaging_id: packagingId }, { onMessage });

/** Retires a packaging: never shown or sold again, its remaining stock taken out. */
export const useRetirePackaging = () => useCatalogueChange(retirePackaging);
