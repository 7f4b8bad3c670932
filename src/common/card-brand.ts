/**
 * A card as a customer's notices name it (docs/decisions/040): the brand as the provider reports it, in its usual
 * spelling when known, and the last four digits — nothing more of the card ever reaches a message.
 */
const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

export const cardBrandName = (brand: string): string => BRAND_NAMES[brand.toLowerCase()] ?? brand;

/** "Visa •••• 4242". */
export const cardLabel = (card: { brand: string; last4: string }): string =>
  `${cardBrandName(card.brand)} •••• ${card.last4}`;
