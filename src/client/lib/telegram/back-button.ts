import { useEffect } from 'react';
import { useSdk } from './sdk';

/** Telegram's BackButton: shown on every route but home, runs onBack; hidden on home (docs/decisions/008). */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  const sdk = useSdk();
  useEffect(() => {
    if (!sdk?.backButton.isMounted()) return;
    if (!visible) {
      sdk.backButton.hide();
      return;
    }
    sdk.backButton.show();
    return sdk.backButton.onClick(onBack);
  }, [sdk, visible, onBack]);
}
