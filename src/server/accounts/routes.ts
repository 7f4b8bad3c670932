import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  editUserDetail,
  editUserProfile,
  getUserDetail,
  getUserInfo,
  userLogin,
  userLogout,
  userRegister,
} from '../../common/contract/accounts';
import { formatMessage } from '../../common/i18n/messages';
import { route } from '../lib/endpoint';
import { unauthorized } from '../lib/errors';
import * as service from './service';
import { revokeSession } from './session-repository';

/** The token the caller authenticated with: the bearer header wins over the body's `token` (as in plugins/auth). */
function callerToken(req: FastifyRequest, bodyToken: string | undefined): string {
  const header = req.headers.authorization;
  const [scheme, value] = header?.split(' ') ?? [];
  const token = scheme?.toLowerCase() === 'bearer' && value ? value : bodyToken;
  if (!token) throw unauthorized();
  return token;
}

/**
 * The caller of an `access: 'user'` path. route() already answers 401 without one; this only narrows the
 * type (EndpointDef's `access` is not a literal type, so Ctx cannot narrow it itself).
 */
export default async function accountRoutes(app: FastifyInstance) {
  route(app, userRegister, async ({ input, lang, req, say }) => {
    const { user, token } = await service.register(app.db, input, lang, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    say('registered');
    return { user_info: await service.userInfoOf(app.db, user), token };
  });

  route(app, userLogin, async ({ input, req, say }) => {
    const { user, token } = await service.login(app.db, input, req.ip);
    say('loggedIn');
    return { user_info: await service.userInfoOf(app.db, user), token };
  });

  route(app, getUserInfo, async ({ input, lang, auth, req }) => ({
    success: true as const,
    code: 200,
    message: formatMessage(lang, 'ok'),
    user_info: await service.userInfoOf(app.db, auth.user),
    token: callerToken(req, input.token),
  }));

  route(app, userLogout, async ({ auth, say }) => {
    await revokeSession(app.db, auth.sessionId);
    say('loggedOut');
    return { logged_out: true as const };
  });

  route(app, editUserProfile, async ({ input, auth, req, say }) => {
    const { user: me, sessionId } = auth;
    const user = await service.updateProfile(app.db, me, sessionId, input, { ip: req.ip });
    say('profileUpdated');
    return { user_info: await service.userInfoOf(app.db, user) };
  });

  route(app, getUserDetail, async ({ auth }) => ({ detail: service.toUserDetail(auth.user) }));

  route(app, editUserDetail, async ({ input, auth, say }) => {
    const user = await service.updateDetail(app.db, auth.user, input);
    say('infoUpdated');
    return { user_info: await service.userInfoOf(app.db, user), detail: service.toUserDetail(user) };
  });
}
