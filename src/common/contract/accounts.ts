import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { flag, optional, optionalText } from './fields';

/** The logged-in user as the client keeps it (what get-user-info answers, docs/decisions/002). */
export const userInfo = z.object({
  id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  referral_code: z.string(),
  /** 1 means agent (sees Affiliate instead of Referral). */
  is_agent: z.union([z.literal(0), z.literal(1)]),
  telegram_user_id: z.string().nullable(),
  telegram_username: z.string().nullable(),
  telegram_name: z.string().nullable(),
  cash_balance_cents: z.number().int(),
  upline_nickname: z.string().nullable(),
  language: z.enum(['en', 'zh']),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * The caller's user info. Answers `{ success, code, message, user_info, token }` (the shape docs/decisions/002 keeps);
 * a missing or dead token answers 401.
 */
export const getUserInfo = defineEndpoint({
  path: '/v1/get-user-info',
  access: 'user',
  summary: 'The logged-in user',
  bare: true,
  request: z.object({}),
  response: z.object({
    success: z.literal(true),
    code: z.number().int(),
    message: z.string(),
    user_info: userInfo,
    token: z.string(),
  }),
});

// ---------------------------------------------------------------------------
// Register, log in, log out, profile
// ---------------------------------------------------------------------------

/** Limits both sides apply (docs/product.md section 9: minimum password length 6). */
export const ACCOUNT_LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  nicknameMax: 50,
  emailMax: 254,
  phoneMax: 32,
  referralCodeMax: 32,
} as const;

/**
 * A text field whose emptiness and format are the service's to judge: it answers the shop's own
 * messages (docs/product.md section 9) in the caller's language at the field, which a schema message cannot.
 * Trimmed; only a length cap (and no NUL character) is checked here.
 */
const formText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'must be text' })
      .max(max, { error: `must be at most ${max} characters` })
      // PostgreSQL's text cannot hold a NUL: refused here at its field, not a 500 where it is looked up.
      .refine((v) => !v.includes('\u0000'), { error: 'must not contain a NUL character' })
      .optional(),
  );

/**
 * A password field: never trimmed (spaces count), only a length cap here; the service answers an empty or wrong one at
 * its field in the caller's language (the messages of docs/product.md section 9), which a schema message cannot. Every
 * password field of the contract is one of these.
 */
export const passwordText = () =>
  z
    .string({ error: 'must be text' })
    .max(ACCOUNT_LIMITS.passwordMax, { error: `must be at most ${ACCOUNT_LIMITS.passwordMax} characters` })
    .optional();

/** What register and login answer: the user and a new bearer token for this session. */
export const sessionResponse = z.object({ user_info: userInfo, token: z.string() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** How a referral code reached the form: from a `/login/{code}` link, or typed by the visitor. */
export const JOINED_VIA = ['link', 'code'] as const;

/**
 * Opens an account and logs it in. Refusals answer 422 with the shop's messages (docs/product.md section 9) at the
 * fields (`nickname`, `email`, `phone`, `password`, `confirm_password`, `referral_code`); a taken e-mail or
 * phone number is refused at its field too. A valid `referral_code` makes its owner the upline.
 * Sign-ups per client address, and checks of an e-mail or phone number against the registered ones (per
 * address and per e-mail/phone), are limited: 429 beyond.
 */
export const userRegister = defineEndpoint({
  path: '/v1/user-register',
  access: 'public',
  summary: 'Register a customer account (and log it in)',
  request: z.object({
    nickname: formText(ACCOUNT_LIMITS.nicknameMax),
    email: formText(ACCOUNT_LIMITS.emailMax),
    phone: formText(ACCOUNT_LIMITS.phoneMax),
    password: passwordText(),
    confirm_password: passwordText(),
    referral_code: formText(ACCOUNT_LIMITS.referralCodeMax),
    /** 'link' when the code came from /login/{code}; otherwise 'code'. */
    joined_via: optional(z.enum(JOINED_VIA, { error: 'must be link or code' })),
    /** The browser's referral visitor id (as sent to /v2/record-visit), so its own visit is the one converted. */
    visitor_key: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8-64 letters, digits, _ or -' }),
    ),
  }),
  response: sessionResponse,
});

/**
 * Logs in with an e-mail address or a phone number (`login`) and a password. Wrong credentials answer
 * 422 with one generic message; too many failures (per account, per client address) answer 429.
 */
export const userLogin = defineEndpoint({
  path: '/v1/user-login',
  access: 'public',
  summary: 'Log in with e-mail or phone number and password',
  request: z.object({
    login: formText(ACCOUNT_LIMITS.emailMax),
    password: passwordText(),
  }),
  response: sessionResponse,
});

/** Ends the caller's session: its token stops working at once. */
export const userLogout = defineEndpoint({
  path: '/v1/user-logout',
  access: 'user',
  summary: 'Log out (revoke the current token)',
  request: z.object({}),
  response: z.object({ logged_out: z.literal(true) }),
});

/**
 * Changes nickname, e-mail and phone number (all required) and, when `password` is given, the password
 * (blank password and confirmation mean "unchanged"). Changing the password, the e-mail or the phone number needs
 * `current_password` (422 at that field when missing or wrong; wrong ones count against the account's log-in
 * limit, 429 beyond it); a nickname-only change does not. Changing the password ends the user's other sessions.
 * Checks of a new e-mail or phone against the registered ones are limited per account and per address (429).
 */
export const editUserProfile = defineEndpoint({
  path: '/v2/edit-user-profile',
  access: 'user',
  summary: "Edit the caller's nickname, e-mail, phone number and password",
  request: z.object({
    nickname: formText(ACCOUNT_LIMITS.nicknameMax),
    email: formText(ACCOUNT_LIMITS.emailMax),
    phone: formText(ACCOUNT_LIMITS.phoneMax),
    password: passwordText(),
    confirm_password: passwordText(),
    /** The account's present password: required when the password, e-mail or phone number changes. */
    current_password: passwordText(),
    /** With a new password: also remove the account's Telegram link (the profile offers it, naming the user). */
    unlink_telegram: optional(flag()),
  }),
  response: z.object({ user_info: userInfo }),
});

/** The user's details that are not part of user_info: bank details and preferences. */
export const userDetail = z.object({
  bank_name: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  /**
   * Whether the bot tells the user about their orders (the profile's "Order notifications in Telegram",
   * docs/product.md section 3).
   */
  notify_orders: z.boolean(),
  /** Whether the shop e-mails the user about their orders (mail about an order awaiting payment is always sent). */
  notify_email: z.boolean(),
  /** The language of the bot's messages to the user. */
  language: z.enum(['en', 'zh']),
});
export type UserDetail = z.infer<typeof userDetail>;

/** The caller's bank details and preferences. */
export const getUserDetail = defineEndpoint({
  path: '/v2/get-user-detail',
  access: 'user',
  summary: "The caller's bank details and preferences",
  request: z.object({}),
  response: z.object({ detail: userDetail }),
});

/**
 * Changes bank details, the order-notification toggle and the language. A field left out (or blank)
 * stays as it is; `clear_bank=1` removes the bank details.
 */
export const editUserDetail = defineEndpoint({
  path: '/v2/edit-user-detail',
  access: 'user',
  summary: "Edit the caller's bank details, notification toggle and language",
  request: z.object({
    bank_name: optionalText(100),
    bank_account_name: optionalText(100),
    bank_account_number: optional(
      z
        .string()
        .trim()
        .max(40, { error: 'must be at most 40 characters' })
        .regex(/^[0-9A-Za-z -]+$/, { error: 'must hold only letters, digits, spaces and dashes' }),
    ),
    clear_bank: optional(flag()),
    /** The account's password: required when the bank details change. */
    current_password: passwordText(),
    notify_orders: optional(flag()),
    notify_email: optional(flag()),
    language: optional(
      z.preprocess(
        (v) => (v === '1' || v === 1 ? 'en' : v === '2' || v === 2 ? 'zh' : v),
        z.enum(['en', 'zh'], { error: 'must be en or zh (1 or 2)' }),
      ),
    ),
  }),
  response: z.object({ user_info: userInfo, detail: userDetail }),
});
