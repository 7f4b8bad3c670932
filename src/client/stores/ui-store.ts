import { create } from 'zustand';

/** UI state that is not stored: loading flags and the cart panel. */
interface UiState {
  actionLoading: boolean;
  userLoading: boolean;
  cartOpen: boolean;
  /** A toast was asked for: the app mounts its Toaster (sonner loads on the first toast, docs/decisions/021). */
  toasterWanted: boolean;
  setActionLoading(v: boolean): void;
  setUserLoading(v: boolean): void;
  openCart(): void;
  closeCart(): void;
  wantToaster(): void;
}

export const useUi = create<UiState>()((set) => ({
  actionLoading: false,
  userLoading: false,
  cartOpen: false,
  toasterWanted: false,
  setActionLoading: (actionLoading) => set({ actionLoading }),
  setUserLoading: (userLoading) => set({ userLoading }),
  openCart: () => set({ cartOpen: true }),
  closeCart: () => set({ cartOpen: false }),
  wantToaster: () => set({ toasterWanted: true }),
}));
