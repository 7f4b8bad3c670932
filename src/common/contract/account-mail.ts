import { z } from 'zod';
import { ACCOUNT_LIMITS, passwordText } from './accounts';
import { defineEndpoint } from './endpoint';

// E-mail for the account (docs/decisions/016): forgot password, reset by link, confirming the address.

/** A token from a mailed link (43 base64url characters; anything else is simply not a valid link). */
const linkToken = z
  .string({ error: 'must be text' })
  .trim()
  .max(200, { error: 'must be at most 200 characters' })
  .optional();

/**
 * Whether this shop sends e-mail (SMTP_URL set). Without it the login screen offers no "Forgot password?" and the
 * profile shows no confirmation state. Read by the login screen only, so the shop's first load does not wait for it.
 */
export const getMailOptions = defineEndpoint({
  path: '/v2/get-mail-options',
  access: 'public',
  summary: 'Whether the shop sends e-mail (password reset, confirmation)',
  request: z.object({}),
  response: z.object({ mail_on: z.boolean() }),
});

/**
 * Forgot password: mails a link to /reset-password/{token} (30 minutes, single use) when the address has an account.
 * The answer is the same whether or not it has one, and when requests are throttled (per address asked for, per
 * account, per client address). 404 when the shop sends no e-mail; 422 at `email` when it is empty.
 */
export const forgotPassword = defineEndpoint({
  path: '/v2/forgot-password',
  access: 'public',
  summary: 'Mail a password reset link (same answer whether or not the account exists)',
  request: z.object({
    email: z
      .string({ error: 'must be text' })
      .trim()
      .max(ACCOUNT_LIMITS.emailMax, { error: `must be at most ${ACCOUNT_LIMITS.emailMax} characters` })
      .optional(),
  }),
  response: z.object({ requested: z.literal(true) }),
});

/**
 * Sets a new password with a reset link's token. The password and its confirmation get the messages of
 * docs/product.md section 9 (422 at `password`, `confirm_password`); an unknown, used or expired token answers 422 at
 * `link_token`. Every session of the account ends; the customer then logs in with the new password. 429 beyond 30
 * tries an hour per client address; 404 when the shop sends no e-mail.
 */
export const resetPassword = defineEndpoint({
  path: '/v2/reset-password',
  access: 'public',
  summary: 'Set a new password with a reset link',
  request: z.object({
    /** The token of the link (not the session's `token`, a common field). */
    link_token: linkToken,
    password: passwordText(),
    confirm_password: passwordText(),
  }),
  response: z.object({ reset: z.literal(true) }),
});

/** Opens a confirmation link: the address it was sent to is confirmed. 422 at `link_token` when it is not valid. */
export const confirmEmail = defineEndpoint({
  path: '/v2/confirm-email',
  access: 'public',
  summary: 'Confirm an e-mail address with the mailed link',
  request: z.object({ link_token: linkToken }),
  response: z.object({ email: z.string(), confirmed: z.literal(true) }),
});

/** The caller's address and whether it is confirmed (the profile), and whether the shop sends e-mail at all. */
export const getEmailStatus = defineEndpoint({
  path: '/v2/get-email-status',
  access: 'user',
  summary: "Whether the caller's e-mail address is confirmed",
  request: z.object({}),
  response: z.object({ email: z.string(), confirmed: z.boolean(), mail_on: z.boolean() }),
});

/** Mails the confirmation link again (profile). 409 when already confirmed, 429 beyond 3 an hour, 404 without e-mail. */
export const resendEmailConfirmation = defineEndpoint({
  path: '/v2/resend-email-confirmation',
  access: 'user',
  summary: 'Mail the confirmation link again',
  request: z.object({}),
  response: z.object({ email: z.string() }),
});
