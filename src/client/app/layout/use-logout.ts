import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/lib/api/client';
import { storage } from '@/lib/storage/storage';
import { useSession } from '@/stores/session-store';

/**
 * Log out (docs/product.md §2, Browser storage): the server revokes the token (`/v1/user-logout`), then all browser
 * storage is cleared, the user too, and the app goes home.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    // `api` takes the token when called, so the local log-out does not wait for the network; a failed or
    // refused call (already dead token, offline) changes nothing for the user, who is logged out anyway.
    api('/v1/user-logout', {}).catch(() => {});
    storage.clear();
    // The cart store empties itself when the user goes (features/cart/cart-store.ts).
    useSession.getState().clear();
    // Nothing of the previous user stays in the data cache (orders, cash reward, …).
    queryClient.clear();
    navigate('/');
  }, [navigate, queryClient]);
}
