import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../../common/contract/envelope';
import { DEFAULT_LANG, type Lang, parseLang } from '../../common/contract/lang';
import { formatAnyMessage as formatMessage, type AnyMessageKey as MessageKey } from '../../common/i18n/admin-messages';
import { AppError } from '../lib/errors';
import { tracing } from '../telemetry/hooks';

/** busboy's own messages for a body that is not valid multipart (and nothing else). */
const MULTIPART_PARSE_ERROR =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Boundary required|Malformed part header)$/;

/** The caller's language, even when the body failed to parse: body `lang`, then Accept-Language. */
export function requestLang(req: FastifyRequest): Lang {
  const body = req.body as { lang?: unknown } | undefined;
  return (
    parseLang(body && typeof body === 'object' ? body.lang : undefined) ??
    parseLang(req.headers['accept-language']?.split(',')[0]) ??
    DEFAULT_LANG
  );
}

function send(reply: FastifyReply, status: number, message: string, errors: ErrorEnvelope['data'] = null) {
  const body: ErrorEnvelope = { success: false, code: status, message, data: errors };
  // With tracing on, the trace to look up (telemetry/hooks.ts); the log lines of the request carry it too.
  const traceId = tracing()?.traceId();
  if (traceId) body.trace_id = traceId;
  return reply.code(status).type('application/json').send(body);
}

/** Every refusal in the envelope, in the caller's language; nothing but a real fault answers 5xx. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    const lang = requestLang(req);
    const t = (key: MessageKey, params?: Record<string, string | number>) => formatMessage(lang, key, params);

    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, 'refused with a server error');
      const fields = error.fields.map((f) => ({ field: f.field, message: t(f.key, error.params) }));
      const message =
        fields.length === 1 && error.key !== 'invalidField' ? fields[0]!.message : t(error.key, error.params);
      return send(reply, error.status, message, fields.length ? { errors: fields } : null);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.missingProperty ?? 'body'),
        message: v.message ?? 'is not valid',
      }));
      const first = fields[0];
      const message = first ? t('invalidField', { field: first.field, reason: first.message }) : t('invalidRequest');
      return send(reply, 422, message, { errors: fields });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return send(reply, 500, t('serverError'));
    }
    // A multipart body that ends early or is malformed fails inside the parser (busboy) with a bare Error.
    if (!error.statusCode && req.isMultipart?.() && MULTIPART_PARSE_ERROR.test(error.message)) {
      return send(reply, 400, `${t('invalidRequest')}: ${error.message}`);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 413, `${t('invalidRequest')}: ${error.message}`);
    if (status === 415) return send(reply, 415, `${t('invalidRequest')}: ${error.message}`);
    if (status === 429) return send(reply, 429, t('tooManyRequests', { minutes: 1 }));
    if (status >= 400 && status < 500) return send(reply, status, `${t('invalidRequest')}: ${error.message}`);
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, t('serverError'));
  });
});
