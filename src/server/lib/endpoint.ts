import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonFields, type EndpointDef } from '../../common/contract/endpoint';
import { envelope, errorEnvelope } from '../../common/contract/envelope';
import type { Lang } from '../../common/contract/lang';
import { formatAnyMessage as formatMessage, type AnyMessageKey as MessageKey } from '../../common/i18n/admin-messages';
import { can, type StaffRole } from '../../common/staff-rules';
import type { StaffActor } from '../audit/actor';
import type { User } from '../db/schema';
import { isMultipartRequest } from '../plugins/multipart-paths';
import { staffRole } from '../staff/service';
import { forbidden, unauthorized, unsupportedMediaType } from './errors';
import { hasRawField, type MaybeRaw, serialize } from './raw-json';
import { type ResponseCache, sendJson } from './response-cache';

export interface Auth {
  user: User;
  sessionId: number;
}

/** The staff member calling an `/admin/` path, as services take it (audit log, order timeline). */
export type StaffCaller = Extract<StaffActor, { kind: 'staff' }> & { role: StaffRole };

type Input<E extends EndpointDef> = z.output<E['request']> & z.output<typeof commonFields>;

export interface Ctx<E extends EndpointDef> {
  input: Input<E>;
  lang: Lang;
  /** The caller; always set on `access: 'user'` paths, else null for a guest. */
  auth: E['access'] extends 'user' | 'staff' ? Auth : Auth | null;
  /** The staff member on `/admin/` paths (their role allows the path), else null. */
  staff: E['access'] extends 'staff' ? StaffCaller : null;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Sets the success message (answered in the caller's language). */
  say(key: MessageKey, params?: Record<string, string | number>): void;
}

interface RouteOptions<E extends EndpointDef> {
  /**
   * Keeps serialized answers in this cache (public paths only), under `key(input)`, which must name
   * everything in the input that changes the answer. Only successful answers are kept.
   */
  cache?: { store: ResponseCache | null; key: (input: Input<E>) => string };
  /**
   * Under NODE_ENV=production, answers `JSON.stringify` of the envelope without checking it against the response
   * schema (the catalogue's busiest public reads; docs/decisions/007, "Cache off"). Everywhere else the check runs as
   * on every path, and the answer must also serialize to the very bytes the check's output does (same fields, in
   * the schema's order), else the request fails: so every test of the path proves production answers the same.
   */
  skipAnswerCheck?: boolean;
  /** The largest body this path reads, in bytes (413 over it), below the server's 1 MB; e.g. a public report path. */
  bodyLimit?: number;
}

/**
 * The staff check of an `/admin/` path (docs/decisions/013), run in onRequest before a byte of the body is read or
 * validated: 401 without a session, 403 without the role, whatever the body; the token comes from the header.
 * The one copy, used by `route()` and `fileRoute()`.
 */
function staffCheck(def: EndpointDef) {
  return async (req: FastifyRequest) => {
    const auth = await req.server.authenticate(req);
    if (!auth) throw unauthorized();
    const role = await staffRole(req.server.db, auth.user.id);
    if (!role) throw forbidden('staffOnly');
    if (!can(role, def.permission)) throw forbidden('forbidden');
    if (isMultipartRequest(req.headers['content-type']) && !def.multipart) {
      throw unsupportedMediaType('multipartNotAccepted');
    }
    req.staffAuth = {
      auth,
      staff: { kind: 'staff', userId: auth.user.id, email: auth.user.email, role, via: 'admin' },
    };
  };
}

/**
 * The session check of a customer's upload path (`access: 'user'` with `multipart`), run in onRequest like the staff
 * check: a multipart body is refused with 401 before a byte of it is read, so an anonymous upload costs no memory and
 * no parsing. Its token must come in the Authorization header (the client always sends it there); the handler takes
 * the caller from here. A form-encoded body (small, capped) may still carry the token as a field.
 */
async function uploaderCheck(req: FastifyRequest): Promise<void> {
  if (!isMultipartRequest(req.headers['content-type'])) return;
  const auth = await req.server.authenticate(req);
  if (!auth) throw unauthorized();
  req.uploaderAuth = auth;
}

/**
 * A contract path's Fastify schema (validation and /openapi.json): its summary, its tag (the path's first part),
 * the body (the common fields merged with the request) and the answers (`ok` for 200, the error envelope else).
 */
function pathSchema(def: EndpointDef, ok: z.ZodType) {
  return {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    body: z.object({ ...commonFields.shape, ...def.request.shape }),
    response: { 200: ok, '4xx': errorEnvelope, '5xx': errorEnvelope },
  };
}

/**
 * Registers one path of the contract: validates the body (common fields merged) against the shared
 * schema, resolves the caller, runs the handler, and wraps its result in the envelope.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: (ctx: Ctx<E>) => Promise<MaybeRaw<z.input<E['response']>>>,
  options: RouteOptions<E> = {},
): void {
  const ok = def.bare ? def.response : envelope(def.response);
  const cache = options.cache?.store ? { store: options.cache.store, key: options.cache.key } : null;
  // A cached answer is the same for every caller, so only paths that answer everyone alike may keep one.
  if (cache && def.access !== 'public') throw new Error(`${def.path}: only public paths can be cached`);
  const skipCheck = options.skipAnswerCheck === true && app.config.NODE_ENV === 'production';
  const proveSkip = options.skipAnswerCheck === true && !skipCheck;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: def.path,
    schema: { ...pathSchema(def, ok), ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}) },
    // `multipart`: only upload paths accept a multipart body (plugins/multipart-paths.ts).
    config: { access: def.access, multipart: def.multipart === true },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // Staff paths: the session and the role are checked before a byte of the body is read or validated
    // (401 without a session, 403 without the role, whatever the body); the token comes from the header.
    ...(def.access === 'staff' ? { onRequest: staffCheck(def) } : {}),
    ...(def.access === 'user' && def.multipart ? { onRequest: uploaderCheck } : {}),
    handler: async (req, reply) => {
      const input = req.body as Input<E>;
      const lang = input.lang;
      const cacheKey = cache?.key(input);
      const generation = cache?.store.generation ?? 0;
      if (cache && cacheKey !== undefined) {
        const hit = cache.store.get(cacheKey);
        if (hit) return sendJson(req, reply, hit);
      }
      const auth =
        def.access === 'staff'
          ? (req.staffAuth?.auth ?? null)
          : def.access === 'public'
            ? null
            : (req.uploaderAuth ?? (await req.server.authenticate(req, input.token)));
      if ((def.access === 'user' || def.access === 'staff') && !auth) throw unauthorized();
      let message = formatMessage(lang, 'ok');
      const data = await handler({
        input,
        lang,
        auth: auth as Ctx<E>['auth'],
        staff: (req.staffAuth?.staff ?? null) as Ctx<E>['staff'],
        req,
        reply,
        say: (key, params) => {
          message = formatMessage(lang, key, params);
        },
      });
      const answer = def.bare ? data : { success: true, code: 200, message, data };
      // A field given as ready JSON (lib/raw-json.ts) is written as it is.
      const rawText = hasRawField(data) ? serialize(answer) : null;
      if (skipCheck) {
        const json = rawText ?? JSON.stringify(answer);
        if (cache && cacheKey !== undefined) return sendJson(req, reply, cache.store.set(cacheKey, json, generation));
        return reply.type('application/json; charset=utf-8').send(json);
      }
      // Everywhere else the checks below read the answer as plain values.
      const plain: unknown = rawText === null ? answer : JSON.parse(rawText);
      if (proveSkip) {
        const checked = ok.safeParse(plain);
        // A failed check is reported by the serializer below, as on every path.
        if (checked.success && JSON.stringify(checked.data) !== (rawText ?? JSON.stringify(answer))) {
          throw new Error(`${def.path}: the answer is not its schema's output (fields or their order differ)`);
        }
      }
      if (cache && cacheKey !== undefined) {
        // Serialized here as the route's serializer would (checked against the response schema, then
        // JSON); an answer that fails the check goes to that serializer, which reports it as usual.
        const checked = ok.safeParse(plain);
        if (checked.success) {
          return sendJson(req, reply, cache.store.set(cacheKey, JSON.stringify(checked.data), generation));
        }
      }
      return plain;
    },
  });
}

/** A file a `fileRoute()` handler answers: streamed as it is read, never built whole in memory. */
export interface FileAnswer {
  contentType: string;
  /** Offered as the download's name (Content-Disposition: attachment). */
  filename: string;
  body: Readable;
}

/**
 * Registers a contract path that answers a file (e.g. a CSV export) instead of the JSON envelope: the same body
 * validation and the same staff check as `route()`; refusals (4xx) still answer the envelope. The contract entry's
 * `response` documents the file for /openapi.json. Staff paths only (a file is never a cached public answer).
 */
export function fileRoute<E extends EndpointDef<string, z.ZodObject, z.ZodType, 'staff'>>(
  app: FastifyInstance,
  def: E,
  handler: (ctx: Ctx<E>) => Promise<FileAnswer>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: def.path,
    schema: pathSchema(def, def.response),
    config: { access: def.access, multipart: false },
    onRequest: staffCheck(def),
    handler: async (req, reply) => {
      const input = req.body as Input<E>;
      const staffAuth = req.staffAuth;
      if (!staffAuth) throw unauthorized();
      const file = await handler({
        input,
        lang: input.lang,
        auth: staffAuth.auth as Ctx<E>['auth'],
        staff: staffAuth.staff as Ctx<E>['staff'],
        req,
        reply,
        say: () => {},
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a staff path's onRequest check. */
    staffAuth?: { auth: Auth; staff: StaffCaller };
    /** Set by a customer's upload path's onRequest check. */
    uploaderAuth?: Auth;
  }
  interface FastifyInstance {
    /** Resolves the bearer token (header, else the `token` field) to a live session, or null. */
    authenticate(req: FastifyRequest, bodyToken?: string): Promise<Auth | null>;
  }
}
