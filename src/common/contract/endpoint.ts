import { z } from 'zod';
import type { Permission } from '../staff-rules';
import { DEFAULT_LANG, parseLang } from './lang';

/**
 * The fields merged into every call (docs/decisions/002, docs/decisions/001):
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

/**
 * Who may call a path: anyone, anyone (with the user when a token is valid), a logged-in user only, or a
 * staff member (the back office's `/admin/` paths, with `permission`; docs/decisions/013).
 */
export type Access = 'public' | 'optional' | 'user' | 'staff';

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
   * `{ success, user_info, token }`, docs/decisions/002).
   */
  response: Res;
  bare?: boolean;
  /** Takes multipart/form-data (file uploads) instead of a form-encoded body. */
  multipart?: boolean;
  /** `staff` paths: what the caller's role must allow (none: any staff member). */
  permission?: Permission;
}

export function defineEndpoint<
  Path extends `/v${1 | 2}/${string}`,
  Req extends z.ZodObject,
  Res extends z.ZodType,
  A extends Access,
>(def: EndpointDef<Path, Req, Res, A>): EndpointDef<Path, Req, Res, A> {
  return def;
}

/**
 * A back-office path (docs/decisions/013): `/admin/…`, for staff whose role allows `permission` (omitted: any
 * staff member). The server checks the session and the role before it reads the body.
 */
export function defineAdminEndpoint<Path extends `/admin/${string}`, Req extends z.ZodObject, Res extends z.ZodType>(
  def: Omit<EndpointDef<Path, Req, Res, 'staff'>, 'access'>,
): EndpointDef<Path, Req, Res, 'staff'> {
  return { ...def, access: 'staff' };
}

/** What a caller sends for an endpoint (common fields are added by the API client). */
export type RequestOf<E extends EndpointDef> = z.input<E['request']>;
/** What an endpoint's `data` (or bare body) holds. */
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;
