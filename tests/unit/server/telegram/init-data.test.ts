import { describe, expect, it } from 'vitest';
import { checkInitData, initDataHash } from '../../../../src/server/telegram/init-data';
import {
  OTHER_BOT_TOKEN,
  signInitData,
  TEST_BOT_TOKEN,
  tamper,
  tgUser,
  without,
} from '../../../support/telegram/init-data';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('checkInitData', () => {
  it('accepts initData signed with the bot token and reads the user from it', () => {
    const raw = signInitData(tgUser(424242, { username: 'mei', language_code: 'zh-hans' }), { startParam: 'ABC' });
    expect(raw).toContain('signature=');
    const check = checkInitData(raw, TEST_BOT_TOKEN);
    expect(check).toEqual({
      ok: true,
      user: {
        id: '424242',
        username: 'mei',
        name: 'Mei Chen',
        languageCode: 'zh-hans',
        startParam: 'ABC',
        authDate: expect.any(Date),
      },
    });
  });

  // docs/decisions/001: initData is good for one hour (it was 24).
  it('accepts initData 59 minutes old', () => {
    const raw = signInitData(tgUser(1), { authDate: new Date(Date.now() - 59 * MINUTE) });
    expect(checkInitData(raw, TEST_BOT_TOKEN).ok).toBe(true);
  });

  it('refuses a tampered user (another id put in after signing)', () => {
    const raw = signInitData(tgUser(1));
    const forged = tamper(raw, 'user', JSON.stringify(tgUser(2)));
    expect(checkInitData(forged, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses a tampered auth_date (made younger after signing)', () => {
    const raw = signInitData(tgUser(1), { authDate: new Date(Date.now() - 30 * HOUR) });
    const forged = tamper(raw, 'auth_date', String(Math.floor(Date.now() / 1000)));
    expect(checkInitData(forged, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses initData older than one hour as expired (23 hours too, accepted while the limit was 24 hours)', () => {
    const raw = signInitData(tgUser(1), { authDate: new Date(Date.now() - HOUR - MINUTE) });
    expect(checkInitData(raw, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'expired' });
    const day = signInitData(tgUser(1), { authDate: new Date(Date.now() - 23 * HOUR) });
    expect(checkInitData(day, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'expired' });
  });

  it('refuses initData dated in the future', () => {
    const raw = signInitData(tgUser(1), { authDate: new Date(Date.now() + HOUR) });
    expect(checkInitData(raw, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses initData without its hash, or with its signature field removed', () => {
    const raw = signInitData(tgUser(1));
    expect(checkInitData(without(raw, 'hash'), TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkInitData(without(raw, 'signature'), TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkInitData(tamper(raw, 'hash', '0'.repeat(64)), TEST_BOT_TOKEN)).toEqual({
      ok: false,
      problem: 'invalid',
    });
  });

  it("refuses initData signed with another bot's token", () => {
    const raw = signInitData(tgUser(1), { botToken: OTHER_BOT_TOKEN });
    expect(checkInitData(raw, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('says missing for no initData, and refuses garbage', () => {
    expect(checkInitData(undefined, TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'missing' });
    expect(checkInitData('  ', TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'missing' });
    expect(checkInitData('user=1&hash=zz&auth_date=x', TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkInitData('%%%', TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('refuses signed initData that names no user', () => {
    expect(checkInitData(signInitData(undefined), TEST_BOT_TOKEN)).toEqual({ ok: false, problem: 'noUser' });
  });

  it('refuses everything when the server has no bot token', () => {
    expect(checkInitData(signInitData(tgUser(1)), undefined)).toEqual({ ok: false, problem: 'notConfigured' });
  });
});

describe('initDataHash', () => {
  it('reads the hash that tells one signed initData from another', () => {
    const a = signInitData(tgUser(1), { authDate: new Date(Date.now() - MINUTE) });
    const b = signInitData(tgUser(1), { authDate: new Date(Date.now() - 2 * MINUTE) });
    expect(initDataHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(initDataHash(a)).toBe(new URLSearchParams(a).get('hash'));
    expect(initDataHash(a)).not.toBe(initDataHash(b));
    expect(initDataHash(without(a, 'hash'))).toBeNull();
  });
});
