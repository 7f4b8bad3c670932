import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { appearance } from '@/lib/telegram/init';
import { toasterMounted } from '@/lib/toaster-ready';
import { useUi } from '@/stores/ui-store';

/**
 * The toasts (docs/product.md §2: 3 s, bottom-centre, at most 3). The app loads this module on the first toast
 * (docs/decisions/021); its effect runs after the Toaster's own, so lib/toast.ts (through lib/toaster-ready.ts)
 * sends the waiting toasts once the Toaster listens.
 */
export default function Toasts() {
  const { t } = useTranslation();
  // The open cart panel's footer (subtotal, Continue Shopping, Secure Checkout) fills the bottom of the panel:
  // toasts then sit above it instead of covering its buttons.
  const cartOpen = useUi((s) => s.cartOpen);
  const bottom = `calc(${cartOpen ? 142 : 30}px + var(--safe-bottom, 0px))`;
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="bottom-center"
      duration={3000}
      visibleToasts={3}
      gap={10}
      offset={{ top: 30, right: 30, bottom, left: 30 }}
      mobileOffset={{ top: 16, right: 16, bottom, left: 16 }}
      closeButton={false}
      theme={appearance()}
      containerAriaLabel={t('common.notifications')}
    />
  );
}
