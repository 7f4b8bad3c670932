import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseLang } from '../../common/contract/lang';
import { formatMessage } from '../../common/i18n/messages';
import type { FileStore } from '../files/store';
import { requestLang } from '../plugins/errors';
import { DATA_EXPORT_PATH } from './links';
import { linkedCopy, type Unavailable } from './service';

/** The ZIP's name as offered for saving: the shop, the customer and the day the copy was made. */
export const copyFileName = (userId: number, at: Date) => `leafcup-data-${userId}-${at.toISOString().slice(0, 10)}.zip`;

/**
 * A copy that cannot be given, said plainly (the link is opened by a person, from an e-mail or the bot): 410 for a
 * link whose time has passed, 404 for one that is not a link of ours (tampered, or a copy gone). The same JSON envelope
 * as every refusal, in the link's `?lang=`, else the browser's language.
 */
export function refuse(reply: FastifyReply, req: FastifyRequest, why: Unavailable) {
  const query = req.query as { lang?: string };
  const lang = parseLang(query.lang) ?? requestLang(req);
  const status = why === 'expired' ? 410 : 404;
  const message = formatMessage(lang, why === 'expired' ? 'dataExportLinkExpired' : 'dataExportLinkInvalid');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ success: false, code: status, message, data: null });
}

/** Sends a stored copy as a download; a file gone from the store counts as expired (the job deleted it). */
export async function sendCopy(
  reply: FastifyReply,
  req: FastifyRequest,
  files: FileStore,
  copy: { key: string; userId: number },
  now: Date,
) {
  const file = await files.get(copy.key);
  if (!file) return refuse(reply, req, 'expired');
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${copyFileName(copy.userId, now)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

const isRowId = (n: number) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647;

/**
 * GET /v1/data-export/:id?exp=&sig= (./links.ts): the customer's ready copy, to anyone holding the link until it
 * expires. Not a contract path (a GET of a file).
 */
export function downloadRoute(app: FastifyInstance): void {
  app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string; lang?: string } }>(
    `${DATA_EXPORT_PATH}/:id`,
    { schema: { hide: true } },
    async (req, reply) => {
      const id = Number(req.params.id);
      const exp = Number(req.query.exp);
      const sig = typeof req.query.sig === 'string' ? req.query.sig : '';
      if (!isRowId(id) || !sig) return refuse(reply, req, 'invalid');
      const copy = await linkedCopy(app.shop, { id, exp, sig });
      if (typeof copy === 'string') return refuse(reply, req, copy);
      return sendCopy(reply, req, app.files, copy, app.shop.clock());
    },
  );
}
