import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The logged-in user as the client keeps it (spec §3 "User info"). */
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
 * The caller's user info. Answers `{ success, code, message, user_info, token }` (the spec's shape);
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
