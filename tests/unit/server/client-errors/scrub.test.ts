import { describe, expect, it } from 'vitest';
import { routePattern, scriptLocation, scrubMessage } from '../../../../src/server/client-errors/scrub';

// docs/decisions/045, "What is kept": no e-mail, phone, password, token or query string reaches the tables.

describe('scrubbing a report', () => {
  it('takes e-mail addresses, phones and tokens out of a message', () => {
    expect(scrubMessage('No account for ana.reyes+tea@example.com.ph')).toBe('No account for <email>');
    expect(scrubMessage('No account for Ana.Reyes@Example.COM')).toBe('No account for <email>');
    expect(scrubMessage('loaded vite@8.3.4 and @fastify/static')).toBe('loaded vite@8.3.4 and @fastify/static');
    expect(scrubMessage('Invalid phone +63 917 555 0123 given')).toBe('Invalid phone <phone> given');
    expect(scrubMessage('call (02) 8123-4567 now')).toBe('call <phone> now');
    expect(scrubMessage('sent Bearer abc.def-123_xyz and failed')).toBe('sent Bearer <token> and failed');
    expect(scrubMessage('Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l')).toBe('Authorization: <hidden> <token>');
    expect(scrubMessage('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'jwt <token>',
    );
    expect(scrubMessage('session 3f9a8c7d6e5b4a39281706f5e4d3c2b1a0 expired')).toBe('session <token> expired');
    expect(scrubMessage('login failed: password=hunter2 token: "s3cr3t"')).toBe(
      'login failed: password=<hidden> token: <hidden>',
    );
  });

  it('cuts query strings and fragments from URLs in a message', () => {
    expect(scrubMessage('GET https://shop.test/v2/reset?token=abc&email=a%40b.c failed')).toBe(
      'GET https://shop.test/v2/reset failed',
    );
    expect(scrubMessage('at https://shop.test/#tgWebAppData=user%3D%7B%22id%22%3A1%7D')).toBe('at https://shop.test/');
  });

  it('keeps what helps: script names, numbers that are not phones, the words', () => {
    expect(
      scrubMessage(
        'Failed to fetch dynamically imported module: https://shop.test/assets/ProductDetailPage-Bx12Cd34Ef.js',
      ),
    ).toBe('Failed to fetch dynamically imported module: https://shop.test/assets/ProductDetailPage-Bx12Cd34Ef.js');
    expect(scrubMessage("Cannot read properties of undefined (reading 'items') at 42")).toBe(
      "Cannot read properties of undefined (reading 'items') at 42",
    );
    expect(scrubMessage(`x${'y'.repeat(2000)}`)).toHaveLength(500);
  });

  it('turns a page into its pattern', () => {
    expect(routePattern('/details/42?coupon=X#tgWebAppData=1')).toBe('/details/:id');
    expect(routePattern('/orders/LC2026120700042')).toBe('/orders/:id');
    expect(routePattern('/profile/ana@example.com')).toBe('/profile/:id');
    expect(routePattern('https://shop.test/products?q=oolong')).toBe('/products');
    expect(routePattern('/')).toBe('/');
  });

  it('keeps a script’s path on the shop, host and path elsewhere, never a query', () => {
    expect(scriptLocation('https://shop.test/assets/index-Bx12Cd34.js?v=2#x')).toBe('/assets/index-Bx12Cd34.js');
    expect(scriptLocation('https://cdn.example/lib.js?key=abc')).toBe('https://cdn.example/lib.js');
    expect(scriptLocation('chrome-extension://abcdef/inject.js')).toBe('chrome-extension://abcdef/inject.js');
    expect(scriptLocation('<anonymous>')).toBe('<anonymous>');
    expect(scriptLocation('ana@example.com')).toBe('<email>');
  });
});
