/** The Telegram SDK, loaded only inside Telegram (see init.ts). Null in a browser. */
export type Sdk = typeof import('@telegram-apps/sdk-react');

let loaded: Sdk | null = null;

export const getSdk = (): Sdk | null => loaded;
/** Set by init.ts once the SDK started; tests set a fake (or null) here. */
export const setSdk = (sdk: Sdk | null): void => {
  loaded = sdk;
};
