import {
  AUTH_CODE_MAX_ATTEMPTS,
  AUTH_CODE_RESEND_SECONDS,
  AUTH_CODE_TTL_SECONDS,
  loginField,
  signInPassword,
  withCleanText,
  type authMethods,
} from '@portal/contract';
import { z } from 'zod';
import { AppError } from '../../rest/app-error.js';
import type { Db } from '../../db/database.js';
import type { Handlers, RestContext } from '../../rest/context.js';
import { describeFields, fieldsOf } from '../../rest/zod-errors.js';
import { beginSignIn, limitAttempt } from '../throttle/index.js';
import { actorOf, toUserView, type UserRow } from './actor.js';
import { parseBasicHeader } from './basic-header.js';
import {
  authCodeOf,
  countAuthCodeTry,
  markSignedIn,
  putAuthCode,
  spendAuthCode,
  userRowByLogin,
} from './sign-in-queries.js';
import { codeFor, sameHash, secretHash, verifyPassword } from './passwords.js';

const credentialsSchema = withCleanText(z.object({ login: loginField, password: signInPassword }));

/**
 * Checks a login and password; the same answer for an unknown login, a wrong password, a blocked account.
 * The attempt is counted before the password is looked at (decision 050); `mustCheckCode` says the login is
 * being slowed and this attempt skipped its turn with a one-time code, which the caller must then check.
 */
export async function verifyCredentials(
  ctx: RestContext,
  header: string | undefined,
  authKey?: string,
): Promise<{ user: UserRow; mustCheckCode: boolean }> {
  const basic = parseBasicHeader(header);
  const parsed = credentialsSchema.safeParse(basic ?? {});
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error, ctx.language);
    throw new AppError('VALIDATION', describeFields(fields, ctx.language), { fields });
  }
  const login = parsed.data.login.toLowerCase();
  const verdict = await beginSignIn(ctx.db, { scope: 'signin', login, ip: ctx.ip, withCode: Boolean(authKey) });
  if (!verdict.allowed) {
    const { retryAfter } = verdict;
    if (verdict.reason === 'address') throw new AppError('RATE_LIMITED', 'error.rateLimited', { retryAfter });
    // Not a lock: the owner signs in at once with a code from their mailbox (the web app asks for one on AUTH).
    throw new AppError('AUTH', 'error.signInSlowed', { args: [retryAfter], retryAfter });
  }
  const user = await userRowByLogin(ctx.db, login);
  const ok = await verifyPassword(user?.password_hash ?? null, parsed.data.password);
  // A blocked account gets the answer of a wrong password: nothing tells it apart from a missing one.
  if (!user || !ok || !user.active) throw new AppError('UNAUTHORIZED', 'error.badLogin');
  await verdict.succeeded();
  // The password is right: now it is safe to say why the account cannot sign in yet.
  if (!user.approved) throw new AppError('UNAUTHORIZED', 'error.notApproved');
  return { user, mustCheckCode: verdict.mustCheckCode };
}

async function checkAuthCode(ctx: RestContext, user: UserRow, code: string | undefined): Promise<void> {
  if (!code) throw new AppError('AUTH', 'error.authCodeRequired');
  const row = await authCodeOf(ctx.db, user.id);
  if (!row) throw new AppError('AUTH', 'error.authCodeWrong');
  if (row.expires_at.getTime() < Date.now()) throw new AppError('AUTH', 'error.authCodeExpired');
  if (row.attempts >= AUTH_CODE_MAX_ATTEMPTS) throw new AppError('AUTH', 'error.authCodeTooMany');
  // Every try is counted in one statement before the code is compared, so guesses sent in parallel
  // cannot all read the same count and get more than the allowed number of tries.
  const counted = await countAuthCodeTry(ctx.db, user.id, AUTH_CODE_MAX_ATTEMPTS);
  if (!counted) throw new AppError('AUTH', 'error.authCodeTooMany');
  if (!sameHash(counted.code_hash, secretHash(ctx.config.sessionSecret, code))) {
    throw new AppError(
      'AUTH',
      counted.attempts >= AUTH_CODE_MAX_ATTEMPTS ? 'error.authCodeTooMany' : 'error.authCodeWrong',
    );
  }
  // The code is spent: only the call that deletes it signs in, even when two carry it at once.
  const spent = await spendAuthCode(ctx.db, user.id, counted.code_hash);
  if (Number(spent.numDeletedRows) !== 1) throw new AppError('AUTH', 'error.authCodeWrong');
}

/**
 * The names of price types by id: the catalogue owns them and sits above auth (docs/architecture.md,
 * "Floors"), so it registers its reader from there; until it does, a price type shows no name.
 */
export type PriceTypeNames = (db: Db, ids: Iterable<number | null>) => Promise<Map<number, string>>;
let priceTypeNames: PriceTypeNames = async () => new Map();
export function namePriceTypesWith(names: PriceTypeNames): void {
  priceTypeNames = names;
}

/** The user as the contract shows it, with the name of their price type. */
async function viewOf(ctx: RestContext, row: UserRow) {
  const names = await priceTypeNames(ctx.db, [row.price_type_id]);
  return toUserView(row, row.price_type_id ? (names.get(row.price_type_id) ?? '') : '');
}

async function signIn(ctx: RestContext, user: UserRow, persistent: boolean) {
  const session = await ctx.sessions.rotate(ctx.session, user.id, persistent);
  ctx.setSession(session);
  await markSignedIn(ctx.db, user.id);
  return { user: await viewOf(ctx, user), sessid: session.sessid };
}

export const signInHandlers: Pick<
  Handlers<typeof authMethods>,
  'user/login' | 'profile' | 'auth/fetch' | 'user/GenerateAuthKey' | 'user/logout'
> = {
  async 'user/login'(input, ctx) {
    const { user, mustCheckCode } = await verifyCredentials(ctx, ctx.request.headers.authorization, input?.authKey);
    if (user.two_factor || mustCheckCode) await checkAuthCode(ctx, user, input?.authKey);
    return signIn(ctx, user, input?.saveAuth === true);
  },

  /** The current user; with Basic credentials it signs in (the fallback of docs/spec/04-states.md). */
  async profile(_input, ctx) {
    if (ctx.request.headers.authorization) {
      const { user } = await verifyCredentials(ctx, ctx.request.headers.authorization);
      if (user.two_factor) throw new AppError('AUTH', 'error.authCodeRequired');
      return (await signIn(ctx, user, false)).user;
    }
    if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'error.unauthorized');
    return viewOf(ctx, ctx.actor.row);
  },

  /** The navigation guard: the signed-in user or null, never a 401 (decision 067). */
  async 'auth/fetch'(_input, ctx) {
    return { user: ctx.actor ? await viewOf(ctx, ctx.actor.row) : null };
  },

  async 'user/GenerateAuthKey'(input, ctx) {
    // Besides one code a minute per account, one address may not mail codes to many accounts.
    await limitAttempt(ctx.db, [{ key: `authcode:ip:${ctx.ip}`, limit: 20, windowMs: 15 * 60 * 1000 }]);
    const user = await userRowByLogin(ctx.db, input.login.toLowerCase());
    // An unknown or disabled login gets the same answer and no mail: nothing to enumerate.
    if (!user || !user.active || !user.approved || !user.email) return { resendAfter: AUTH_CODE_RESEND_SECONDS };
    const previous = await authCodeOf(ctx.db, user.id);
    if (previous) {
      const wait = Math.ceil((previous.sent_at.getTime() + AUTH_CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) throw new AppError('RATE_LIMITED', 'error.authCodeResend', { args: [wait], retryAfter: wait });
    }
    const now = new Date();
    const secret = ctx.config.sessionSecret;
    // A code still good for a while is mailed again rather than replaced: whoever asks for codes for someone
    // else's login only fills that inbox with the same code, never voids the one its owner is typing.
    const reuse =
      previous &&
      previous.expires_at.getTime() - now.getTime() > AUTH_CODE_RESEND_SECONDS * 1000 &&
      previous.attempts < AUTH_CODE_MAX_ATTEMPTS &&
      sameHash(previous.code_hash, secretHash(secret, codeFor(secret, user.id, previous.expires_at)));
    const expiresAt = reuse ? previous.expires_at : new Date(now.getTime() + AUTH_CODE_TTL_SECONDS * 1000);
    const code = codeFor(secret, user.id, expiresAt);
    const values = {
      code_hash: secretHash(secret, code),
      attempts: reuse ? previous.attempts : 0,
      sent_at: now,
      expires_at: expiresAt,
    };
    const lang = actorOf(user).language;
    const minutes = Math.ceil((expiresAt.getTime() - now.getTime()) / 60000);
    // The code and its e-mail in one transaction: a code whose mail was never queued would hold the resend
    // pause for nothing (decision 189).
    await ctx.db.transaction().execute(async (trx) => {
      await putAuthCode(trx, user.id, values);
      await ctx.mailer.send(
        {
          to: user.email,
          subject: lang === 'en' ? 'Sign-in code' : 'Код для входа в дилерский портал',
          text:
            lang === 'en'
              ? `Your sign-in code: ${code}\nIt is valid for ${minutes} min.`
              : `Ваш код для входа: ${code}\nКод действует ${minutes} мин. Если вы не входили в портал, просто проигнорируйте это письмо.`,
        },
        trx,
      );
    });
    return { resendAfter: AUTH_CODE_RESEND_SECONDS };
  },

  async 'user/logout'(_input, ctx) {
    const session = await ctx.sessions.rotate(ctx.session, null, false);
    ctx.setSession(session);
    return { sessid: session.sessid };
  },
};
