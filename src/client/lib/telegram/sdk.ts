/** The Telegram SDK, loaded only inside Telegram (see init.ts). Null in a browser. */
export type Sdk = typeof import('@telegram-apps/sdk-react');

let loaded: Sdk | null = null;

export const getSdk = (): Sdk | null => loaded;
export const setSdk = (sdk: Sdk): void => {
  loaded = sdk;
};
