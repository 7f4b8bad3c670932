import { useEffect } from 'react';
import { getSdk, useSdk } from './sdk';

let holders = 0;

function update(): void {
  const sdk = getSdk();
  if (!sdk) return;
  try {
    if (holders > 0) sdk.closingBehavior.enableConfirmation.ifAvailable();
    else sdk.closingBehavior.disableConfirmation.ifAvailable();
  } catch {
    // a nicety: never break the form over it
  }
}

/**
 * Asks Telegram to confirm before the Mini App is closed while `active` (a checkout form holding
 * input, docs/decisions/008). Nothing in a browser.
 */
export function useClosingConfirmation(active: boolean): void {
  const sdk = useSdk();
  useEffect(() => {
    if (!active || !sdk) return;
    holders += 1;
    update();
    return () => {
      holders -= 1;
      update();
    };
  }, [active, sdk]);
}
