import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonFields, type EndpointDef } from '../../common/contract/endpoint';
import { envelope, errorEnvelope } from '../../common/contract/envelope';
import type { Lang } from '../../common/contract/lang';
import { formatMessage, type MessageKey } from '../../common/i18n/messages';
import type { User } from '../db/schema';
import { unauthorized } from './errors';
import { type ResponseCache, sendJson } from './response-cache';

export interface Auth {
  user: User;
  sessionId: number;
}

type Input<E extends EndpointDef> = z.output<E['request']> & z.output<typeof commonFields>;

export interface Ctx<E extends EndpointDef> {
  input: Input<E>;
  lang: Lang;
  /** The caller; always set on `access: 'user'` paths, else null for a guest. */
  auth: E['access'] extends 'user' ? Auth : Auth | null;
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
}

/**
 * Registers one path of the contract: validates the body (common fields merged) against the shared
 * schema, resolves the caller, runs the handler, and wraps its result in the envelope.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: (ctx: Ctx<E>) => Promise<z.input<E['response']>>,
  options: RouteOptions<E> = {},
): void {
  const body = z.object({ ...commonFields.shape, ...def.request.shape });
  const ok = def.bare ? def.response : envelope(def.response);
  const cache = options.cache?.store ? { store: options.cache.store, key: options.cache.key } : null;
  // A cached answer is the same for every caller, so only paths that answer everyone alike may keep one.
  if (cache && def.access !== 'public') throw new Error(`${def.path}: only public paths can be cached`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.path.split('/')[1] ?? 'api'],
      body,
      ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: ok, '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    // `multipart`: only upload paths accept a multipart body (plugins/multipart-paths.ts).
    config: { access: def.access, multipart: def.multipart === true },
    handler: async (req, reply) => {
      const input = req.body as Input<E>;
      const lang = input.lang;
      const cacheKey = cache?.key(input);
      const generation = cache?.store.generation ?? 0;
      if (cache && cacheKey !== undefined) {
        const hit = cache.store.get(cacheKey);
        if (hit) return sendJson(req, reply, hit);
      }
      const auth = def.access === 'public' ? null : await req.server.authenticate(req, input.token);
      if (def.access === 'user' && !auth) throw unauthorized();
      let message = formatMessage(lang, 'ok');
      const data = await handler({
        input,
        lang,
        auth: auth as Ctx<E>['auth'],
        req,
        reply,
        say: (key, params) => {
          message = formatMessage(lang, key, params);
        },
      });
      const answer = def.bare ? data : { success: true, code: 200, message, data };
      if (cache && cacheKey !== undefined) {
        // Serialized here as the route's serializer would (checked against the response schema, then
        // JSON); an answer that fails the check goes to that serializer, which reports it as usual.
        const checked = ok.safeParse(answer);
        if (checked.success) {
          return sendJson(req, reply, cache.store.set(cacheKey, JSON.stringify(checked.data), generation));
        }
      }
      return answer;
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token (header, else the `token` field) to a live session, or null. */
    authenticate(req: FastifyRequest, bodyToken?: string): Promise<Auth | null>;
  }
}
