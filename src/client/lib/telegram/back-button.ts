import { useEffect } from 'react';
import { useSdk } from './sdk';

/**
 * Telegram's BackButton: shown on every route but home, runs onBack; hidden on home (docs/decisions/008).
 * Each call goes through the SDK's `ifAvailable`: one availability check that the SDK keeps until the button's state
 * changes. The plain call checks again each time that it runs in a Mini App by parsing the launch parameters
 * (0.4 ms here, 0.7–1.4 ms with the CPU slowed 4×: `npm run bench:telegram`), on every route change.
 */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  const sdk = useSdk();
  useEffect(() => {
    if (!sdk) return;
    if (!visible) {
      sdk.backButton.hide.ifAvailable();
      return;
    }
    sdk.backButton.show.ifAvailable();
    const [listening, off] = sdk.backButton.onClick.ifAvailable(onBack);
    return listening ? off : undefined;
  }, [sdk, visible, onBack]);
}
