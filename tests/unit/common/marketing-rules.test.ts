import { describe, expect, it } from 'vitest';
import {
  MARKETING_DEFAULT,
  MARKETING_OPT_IN_COUNTRIES,
  marketingOn,
  marketingRule,
} from '../../../src/common/marketing-rules';
import { SHIPPING_COUNTRIES } from '../../../src/common/shipping-rules';

// Who may get marketing messages (docs/decisions/056): the customer's own last choice, else the shipping country's
// default, which is off everywhere in this shop.

describe('marketing consent rule', () => {
  it('asks for consent in the EU/EEA, the UK, China and the Philippines; soft opt-in elsewhere', () => {
    for (const country of ['DE', 'FR', 'IE', 'SE', 'NO', 'IS', 'LI', 'GB', 'CN', 'PH']) {
      expect(marketingRule(country), country).toBe('opt_in');
    }
    for (const country of ['US', 'SG', 'AU', 'CH', 'JP']) expect(marketingRule(country), country).toBe('soft_opt_in');
    // 27 EU members, 3 more of the EEA, the UK, China and the Philippines.
    expect(MARKETING_OPT_IN_COUNTRIES.size).toBe(33);
  });

  it('reads a country in any case and spacing; an unknown country is treated as opt-in', () => {
    expect(marketingRule(' ph ')).toBe('opt_in');
    expect(marketingRule('us')).toBe('soft_opt_in');
    expect(marketingRule(null)).toBe('opt_in');
    expect(marketingRule(undefined)).toBe('opt_in');
    expect(marketingRule('')).toBe('opt_in');
  });

  it('every country the shop ships to asks for consent', () => {
    for (const country of SHIPPING_COUNTRIES) expect(marketingRule(country)).toBe('opt_in');
  });

  it('is off until the customer says yes, wherever they are; a choice always wins', () => {
    expect(MARKETING_DEFAULT).toEqual({ opt_in: false, soft_opt_in: false });
    for (const country of ['PH', 'CN', 'DE', 'US', null]) {
      expect(marketingOn(null, country)).toBe(false);
      expect(marketingOn(undefined, country)).toBe(false);
      expect(marketingOn({ granted: true }, country)).toBe(true);
      expect(marketingOn({ granted: false }, country)).toBe(false);
    }
  });
});
