import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonFields, type EndpointDef } from '../../common/contract/endpoint';
import { envelope, errorEnvelope } from '../../common/contract/envelope';
import type { Lang } from '../../common/contract/lang';
import { formatMessage, type MessageKey } from '../../common/i18n/messages';
import type { User } from '../db/schema';
import { unauthorized } from './errors';

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

/**
 * Registers one path of the contract: validates the body (common fields merged) against the shared
 * schema, resolves the caller, runs the handler, and wraps its result in the envelope.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: (ctx: Ctx<E>) => Promise<z.input<E['response']>>,
): void {
  const body = z.object({ ...commonFields.shape, ...def.request.shape });
  const ok = def.bare ? def.response : envelope(def.response);
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
    config: { access: def.access },
    handler: async (req, reply) => {
      const input = req.body as Input<E>;
      const lang = input.lang;
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
      if (def.bare) return data;
      return { success: true, code: 200, message, data };
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the bearer token (header, else the `token` field) to a live session, or null. */
    authenticate(req: FastifyRequest, bodyToken?: string): Promise<Auth | null>;
  }
}
