import Stripe from 'stripe';
import type { ProviderFailure } from '../provider';

/** Keys as they can appear in a provider's message ("Invalid API Key provided: sk_test_****abcd"): masked again. */
const KEY_IN_TEXT = /\b(sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g;
const mask = (text: string) => text.replace(KEY_IN_TEXT, (_m, prefix: string) => `${prefix}_…`);

type Kind = ProviderFailure['kind'];

/** Our kind for one of the SDK's error classes (see the SDK's generateV1Error: by HTTP status and error type). */
function kindOf(err: InstanceType<typeof Stripe.errors.StripeError>): Kind {
  const { errors } = Stripe;
  if (err instanceof errors.StripeCardError) {
    return err.code === 'authentication_required' ? 'authentication_required' : 'card_declined';
  }
  if (err instanceof errors.StripeIdempotencyError) return 'idempotency';
  if (err instanceof errors.StripeInvalidRequestError) {
    return err.statusCode === 404 || err.code === 'resource_missing' ? 'not_found' : 'invalid_request';
  }
  if (err instanceof errors.StripeAuthenticationError) return 'authentication';
  if (err instanceof errors.StripePermissionError) return 'permission';
  if (err instanceof errors.StripeRateLimitError) return 'rate_limited';
  return 'unavailable';
}

const RETRYABLE: readonly Kind[] = ['rate_limited', 'unavailable'];

/**
 * Whatever a call to the SDK threw, as a `ProviderFailure`. Anything that is not one of the SDK's errors is a bug
 * of ours (a wrong argument) and is thrown on: only the provider's answers become values.
 */
export function toFailure(err: unknown): ProviderFailure {
  if (!(err instanceof Stripe.errors.StripeError)) throw err;
  const kind = kindOf(err);
  return {
    kind,
    code: err.code ?? null,
    declineCode: err.decline_code ?? null,
    message: mask(err.message || err.type),
    retryable: RETRYABLE.includes(kind),
    paymentReference: err.payment_intent?.id ?? null,
  };
}

/** A failure we find before asking the provider (our own request is wrong). */
export function invalidRequest(code: string, message: string): ProviderFailure {
  return { kind: 'invalid_request', code, declineCode: null, message, retryable: false, paymentReference: null };
}
