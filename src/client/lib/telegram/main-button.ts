import { useEffect, useId, useRef } from 'react';
import './main-button-locales';
import { getSdk, useSdk } from './sdk';

/**
 * Telegram's MainButton as the screen's primary action (docs/decisions/008). Several components may ask
 * for it at once (a product page under the open cart panel): of those that want it visible, the one
 * with the highest `priority` (an overlay over a page), else the one mounted last, gets it; when it
 * lets go, the next one gets it back; nobody wanting it hides it.
 * A press while the button is disabled or loading does nothing. In a browser this does nothing.
 */
interface MainButtonOptions {
  text: string;
  /** Default true. */
  visible?: boolean;
  /** Default true. Disabled: shown greyed, presses ignored. */
  enabled?: boolean;
  /** Shows Telegram's progress spinner; presses ignored meanwhile. */
  loading?: boolean;
  /** Default 0 (a page); 1 for an overlay such as the cart panel, which wins over the page under it. */
  priority?: number;
  onClick(): void;
}

interface Claim extends Required<MainButtonOptions> {
  id: string;
}

const claims: Claim[] = [];
let offClick: (() => void) | undefined;
let shown: string | undefined;

/** The claim that owns the button now: of those wanting it visible, the highest priority, then the latest. */
function owner(): Claim | undefined {
  let best: Claim | undefined;
  for (const claim of claims) {
    if (claim.visible && claim.text && (!best || claim.priority >= best.priority)) best = claim;
  }
  return best;
}

function press(): void {
  const claim = owner();
  if (!claim?.enabled || claim.loading) return;
  claim.onClick();
}

/** Puts the owner's state on Telegram's button (or hides it). */
function apply(): void {
  const sdk = getSdk();
  if (!sdk?.mainButton.isMounted()) return;
  const claim = owner();
  const state = claim
    ? { text: claim.text, isVisible: true, isEnabled: claim.enabled && !claim.loading, isLoaderVisible: claim.loading }
    : { isVisible: false, isLoaderVisible: false };
  const key = JSON.stringify(state);
  if (key === shown) return;
  // Through `ifAvailable`, as every SDK call of lib/telegram (back-button.ts says why).
  try {
    if (sdk.mainButton.setParams.ifAvailable(state)[0]) shown = key;
  } catch (err) {
    console.warn('Telegram MainButton could not be updated', err);
  }
  if (claim && !offClick) {
    const [listening, off] = sdk.mainButton.onClick.ifAvailable(press);
    if (listening) offClick = off;
  }
}

export function useTelegramMainButton({
  text,
  visible = true,
  enabled = true,
  loading = false,
  priority = 0,
  onClick,
}: MainButtonOptions): void {
  const id = useId();
  const latest = useRef(onClick);
  latest.current = onClick;
  // The first screen renders before the SDK is there (docs/plans/015 §5): the claim is made once it arrives.
  const sdk = useSdk();

  useEffect(() => {
    if (!sdk) return;
    claims.push({
      id,
      text: '',
      visible: false,
      enabled: false,
      loading: false,
      priority: 0,
      onClick: () => latest.current(),
    });
    return () => {
      const at = claims.findIndex((c) => c.id === id);
      if (at >= 0) claims.splice(at, 1);
      apply();
    };
  }, [id, sdk]);

  useEffect(() => {
    const claim = claims.find((c) => c.id === id);
    if (!claim) return;
    Object.assign(claim, { text, visible, enabled, loading, priority });
    apply();
  }, [id, sdk, text, visible, enabled, loading, priority]);
}

/** For tests: forget every claim and listener. */
export function resetMainButton(): void {
  claims.length = 0;
  offClick?.();
  offClick = undefined;
  shown = undefined;
}
