import { clientAddressKey, fastifyTrustProxy, isProxyEntry } from '../../../../src/server/lib/client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey(' 10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('turns an IPv4-mapped IPv6 address into the IPv4 address, in either spelling', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('turns any other IPv6 address into its /64 prefix, normalised', () => {
    expect(clientAddressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    // NAT64 (an IPv4 part, not mapped): still IPv6, by its /64.
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('two addresses in one /64 are one key; the next /64 is another', () => {
    expect(clientAddressKey('2001:db8:aa:bb::1')).toBe(clientAddressKey('2001:db8:aa:bb:1234:5678:9abc:def0'));
    expect(clientAddressKey('2001:db8:aa:bb::1')).not.toBe(clientAddressKey('2001:db8:aa:bc::1'));
  });

  it('keeps anything that is not an address as given (trimmed, lower-cased)', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey(undefined)).toBe('');
    expect(clientAddressKey(' Unix-Socket ')).toBe('unix-socket');
    expect(clientAddressKey('1:2:3')).toBe('1:2:3');
  });
});

describe('TRUST_PROXY helpers', () => {
  it('accepts addresses, CIDR blocks and the named ranges as proxies', () => {
    for (const ok of ['10.0.0.5', '192.168.0.0/16', '2001:db8::/32', '::1', 'loopback', 'uniquelocal', 'linklocal']) {
      expect(isProxyEntry(ok), ok).toBe(true);
    }
    for (const bad of ['', 'proxy.example.com', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/1', '10.0.0.0/x', '1']) {
      expect(isProxyEntry(bad), bad).toBe(false);
    }
  });

  it('a hop count trusts that many addresses from the socket (Fastify alone would trust none)', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => fn('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(true)).toBe(true);
    expect(fastifyTrustProxy(['10.0.0.5'])).toEqual(['10.0.0.5']);
  });
});
