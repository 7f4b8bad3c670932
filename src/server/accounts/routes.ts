import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  confirmEmail,
  forgotPassword,
  getEmailStatus,
  getMailOptions,
  resendEmailConfirmation,
  resetPassword,
} from '../../common/contract/account-mail';
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
import { changeBankDetails } from './bank-details';
import { deviceIdFor, rememberDevice } from './device';
import * as confirmation from './email-confirmation';
import { login } from './login';
import * as passwordReset from './password-reset';
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
  route(app, userRegister, async ({ input, lang, req, reply, say }) => {
    const deviceId = deviceIdFor(req);
    const { user, token } = await app.shop.metrics.account(
      'signup',
      service.register(app.shop, input, lang, { ip: req.ip, userAgent: req.headers['user-agent'], deviceId }),
    );
    rememberDevice(req, reply, deviceId);
    say('registered');
    return { user_info: await service.userInfoOf(app.db, user), token };
  });

  route(app, userLogin, async ({ input, req, reply, say }) => {
    const deviceId = deviceIdFor(req);
    const { user, token } = await app.shop.metrics.account('login', login(app.shop, input, { ip: req.ip, deviceId }));
    rememberDevice(req, reply, deviceId);
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
    const user = await service.updateProfile(app.shop, me, sessionId, input, { ip: req.ip });
    say('profileUpdated');
    return { user_info: await service.userInfoOf(app.db, user) };
  });

  route(app, getUserDetail, async ({ auth }) => ({ detail: service.toUserDetail(auth.user) }));

  // E-mail for the account (docs/decisions/016): forgot password, reset by link, confirming the address.
  route(app, getMailOptions, async () => ({ mail_on: app.shop.mailOn }));

  route(app, forgotPassword, async ({ input, lang, req, say }) => {
    await passwordReset.forgotPassword(app.shop, input, lang, req.ip, req.log);
    say('resetLinkSent');
    return { requested: true as const };
  });

  route(app, resetPassword, async ({ input, req, say }) => {
    await passwordReset.resetPassword(app.shop, input, req.ip);
    say('passwordWasReset');
    return { reset: true as const };
  });

  route(app, confirmEmail, async ({ input, say }) => {
    const { email } = await confirmation.confirmEmail(app.db, input.link_token);
    say('emailConfirmed');
    return { email, confirmed: true as const };
  });

  route(app, getEmailStatus, async ({ auth }) => ({
    email: auth.user.email,
    confirmed: auth.user.email_confirmed_at !== null,
    mail_on: app.shop.mailOn,
  }));

  route(app, resendEmailConfirmation, async ({ auth, say }) => {
    const { email } = await confirmation.resendConfirmation(app.shop, auth.user);
    say('confirmationSent', { email });
    return { email };
  });

  route(app, editUserDetail, async ({ input, auth, say }) => {
    // Bank details first: they need the password, and a refusal there leaves the preferences unchanged too.
    const banked = await changeBankDetails(
      app.shop,
      auth.user,
      {
        bank_name: input.bank_name,
        bank_account_name: input.bank_account_name,
        bank_account_number: input.bank_account_number,
        clear: input.clear_bank,
      },
      input.current_password,
    );
    const user = await service.updatePreferences(app.db, banked, input);
    say('infoUpdated');
    return { user_info: await service.userInfoOf(app.db, user), detail: service.toUserDetail(user) };
  });
}
