import {
  ACCOUNT_LIMITS,
  blank,
  charLength,
  isEmail,
  isPhone,
  normalizeEmail,
  normalizePhone,
} from '../../../src/common/account-rules';

describe('account rules (shared by client and server)', () => {
  it('normalises an e-mail: trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('normalises an e-mail to NFC: a composed and a decomposed address are one; NFKC look-alikes are not', () => {
    const composed = 'jos\u00e9@example.com';
    expect(normalizeEmail('Jose\u0301@Example.com')).toBe(composed);
    expect(normalizeEmail('JOS\u00c9@example.com')).toBe(composed);
    expect(normalizeEmail('JOSE\u0301@example.com')).toBe(composed);
    // Full-width letters and ligatures are other characters (NFKC would fold them): left as typed, lower-cased.
    expect(normalizeEmail('\uff54ina@example.com')).toBe('\uff54ina@example.com');
    expect(normalizeEmail('\ufb01n@example.com')).toBe('\ufb01n@example.com');
    expect(normalizeEmail(normalizeEmail('Jose\u0301@Example.com'))).toBe(composed);
  });

  it.each(['ann@example.com', 'a.b+c@mail.example.org'])('%s is an e-mail', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ann',
    'ann@',
    'ann@example',
    '@example.com',
    'an n@example.com',
    'ann@@example.com',
    // An address field's list, name and group syntax: mail would go to another mailbox (eve@example.com).
    'ann,eve@example.com',
    'ann;eve@example.com',
    'ann<eve@example.com>',
    'ann(eve)@example.com',
    'ann:eve@example.com',
    '"ann"@example.com',
    'ann@[127.0.0.1]',
    'ann\\eve@example.com',
  ])('%j is not an e-mail', (email) => {
    expect(isEmail(email)).toBe(false);
  });

  it(`refuses an e-mail longer than ${ACCOUNT_LIMITS.emailMax} characters`, () => {
    const at = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
    expect(isEmail(at(ACCOUNT_LIMITS.emailMax))).toBe(true);
    expect(isEmail(at(ACCOUNT_LIMITS.emailMax + 1))).toBe(false);
  });

  it('normalises a phone: separators dropped', () => {
    expect(normalizePhone('+60 12-345 (6789).')).toBe('+60123456789');
  });

  it.each(['+60123456789', '123456', '123456789012345'])('%s is a phone number', (phone) => {
    expect(isPhone(phone)).toBe(true);
  });

  it.each(['', '12345', '1234567890123456', '++60123456', '60-123456', 'abc123456', '+60 123456'])(
    '%j is not a (normalised) phone number',
    (phone) => {
      expect(isPhone(phone)).toBe(false);
    },
  );

  it('counts characters, not UTF-16 units, and treats spaces as blank', () => {
    expect(charLength('茶🍵茶')).toBe(3);
    expect(blank(undefined)).toBe(true);
    expect(blank('   ')).toBe(true);
    expect(blank(' a ')).toBe(false);
  });

  it('keeps the minimum password length of 6', () => {
    expect(ACCOUNT_LIMITS.passwordMin).toBe(6);
  });
});
