import { z } from 'zod';
import { DEFAULT_LANG, parseLang } from './lang';

/**
 * The fields merged into every call (spec §3 "Common request fields", docs/decisions/001):
 * `lang`, `token`, `telegram_user_id`, `is_frontend`, and inside Telegram the raw `init_data`.
 * The server never trusts `telegram_user_id`: it reads the Telegram user from validated `init_data`.
 */
export const commonFields = z.object({
  lang: z.preprocess((v) => parseLang(v) ?? DEFAULT_LANG, z.enum(['en', 'zh'])),
  token: z.string().optional(),
  telegram_user_id: z.string().optional(),
  is_frontend: z.string().optional(),
  init_data: z.string().optional(),
});
export type CommonFields = z.input<typeof commonFields>;

/** Who may call a path: anyone, anyone (with the user when a token is valid), or a logged-in user only. */
export type Access = 'public' | 'optional' | 'user';

export interface EndpointDef<
  Path extends string = string,
  Req extends z.ZodObject = z.ZodObject,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  path: Path;
  access: A;
  summary: string;
  /** The path's own fields; the common fields are merged in by both sides. */
  request: Req;
  /**
   * The envelope's `data`; or, when `bare` is set, the whole body (get-user-info answers
   * `{ success, user_info, token }` as the spec says).
   */
  response: Res;
  bare?: boolean;
  /** Takes multipart/form-data (file uploads) instead of a form-encoded body. */
  multipart?: boolean;
}

export function defineEndpoint<
  Path extends `/v${1 | 2}/${string}`,
  Req extends z.ZodObject,
  Res extends z.ZodType,
  A extends Access,
>(def: EndpointDef<Path, Req, Res, A>): EndpointDef<Path, Req, Res, A> {
  return def;
}

/** What a caller sends for an endpoint (common fields are added by the API client). */
export type RequestOf<E extends EndpointDef> = z.input<E['request']>;
/** What an endpoint's `data` (or bare body) holds. */
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;
