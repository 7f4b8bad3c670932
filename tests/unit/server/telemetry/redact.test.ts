import { redactSpanUrl } from '../../../../src/server/telemetry/redact';

describe('redactSpanUrl (docs/decisions/046)', () => {
  it('drops the query string and the fragment whole', () => {
    expect(redactSpanUrl('/v2/get-product-list?token=abc&email=a%40b.c')).toBe('/v2/get-product-list');
    expect(redactSpanUrl('https://shop.example/orders/7#receipt')).toBe('https://shop.example/orders/7');
  });

  it("hides the Bot API's token in full URLs and paths", () => {
    expect(redactSpanUrl('https://api.telegram.org/bot123456:AAE-x_y/sendMessage')).toBe(
      'https://api.telegram.org/bot[redacted]/sendMessage',
    );
    expect(redactSpanUrl('https://api.telegram.org/file/bot123456:AAE-x_y/photos/1.jpg')).toBe(
      'https://api.telegram.org/file/bot[redacted]/photos/1.jpg',
    );
  });

  it('hides the single-use token of a reset or confirmation link, with or without the origin', () => {
    expect(redactSpanUrl('/reset-password/s3cr3t')).toBe('/reset-password/[redacted]');
    expect(redactSpanUrl('http://127.0.0.1:8080/confirm-email/s3cr3t?x=1')).toBe(
      'http://127.0.0.1:8080/confirm-email/[redacted]',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactSpanUrl('/v1/order')).toBe('/v1/order');
    expect(redactSpanUrl('https://api.stripe.com/v1/checkout/sessions')).toBe(
      'https://api.stripe.com/v1/checkout/sessions',
    );
  });
});
