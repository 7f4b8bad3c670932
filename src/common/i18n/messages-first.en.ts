/**
 * The server messages the shop's first screens show (home, product list, product page, the age gate), in English.
 * The client's entry bundles only these (lib/i18n/i18n.ts); the rest are in messages-rest.*.ts and travel with the
 * screens that show them (lib/i18n/server-messages.ts). The server imports every part through messages.ts.
 */
export const firstEn = {
  notEnoughStock: 'Not Enough Stock',
  ageRefused: 'Sorry, you are not old enough to enter our website.',
} as const;
