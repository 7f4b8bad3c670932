import { describe, expect, it } from 'vitest';
import { mailTransportOptions } from '../../../../src/server/mail/transport';

// The SMTP options made from SMTP_URL (docs/decisions/016): a login over smtp:// needs STARTTLS, except on this machine.

describe('mailTransportOptions', () => {
  it('requires STARTTLS for an smtp:// URL with a login to another host', () => {
    expect(mailTransportOptions('smtp://user:pass@mail.example.com:587')).toMatchObject({ requireTLS: true });
    expect(mailTransportOptions('smtp://user@mail.example.com:587')).toMatchObject({ requireTLS: true });
    expect(mailTransportOptions('smtp://user:pass@10.0.0.5:25')).toMatchObject({ requireTLS: true });
    expect(mailTransportOptions('smtp://user:pass@[2001:db8::1]:587')).toMatchObject({ requireTLS: true });
  });

  it('leaves it to the server without a login, over smtps:// and on a loopback host', () => {
    for (const url of [
      'smtp://mail.example.com:25',
      'smtps://user:pass@mail.example.com:465',
      'smtp://user:pass@127.0.0.1:2525',
      'smtp://user:pass@127.1.2.3:2525',
      'smtp://user:pass@localhost:2525',
      'smtp://user:pass@[::1]:2525',
    ]) {
      expect(mailTransportOptions(url), url).not.toHaveProperty('requireTLS');
    }
  });

  it('keeps the URL, one connection per message and bounded waits', () => {
    expect(mailTransportOptions('smtp://mail.example.com:25')).toEqual({
      url: 'smtp://mail.example.com:25',
      pool: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
      dnsTimeout: 15_000,
    });
  });
});
