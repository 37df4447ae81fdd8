import {
  AUTH_CODE_MAX_ATTEMPTS,
  AUTH_CODE_RESEND_SECONDS,
  AUTH_CODE_TTL_SECONDS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_LOGIN,
  loginField,
  signInPassword,
  type authMethods,
} from '@portal/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../rest/app-error.js';
import { throttle } from '../../rest/throttle.js';
import type { Handlers, RestContext } from '../../rest/context.js';
import { describeFields, fieldsOf } from '../../rest/zod-errors.js';
import { actorOf, toUserView, type UserRow } from './actor.js';
import '../catalog/tables.js';
import { parseBasicHeader } from './basic-header.js';
import { sameHash, secretHash, sixDigitCode, verifyPassword } from './passwords.js';

const credentialsSchema = z.object({ login: loginField, password: signInPassword });
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60 * 1000;

async function checkThrottle(ctx: RestContext, login: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const row = await ctx.db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) FILTER (WHERE login = ${login})`.as('byLogin'),
      sql<number>`count(*) FILTER (WHERE ip = ${ctx.ip})`.as('byIp'),
      sql<Date | null>`min(at)`.as('oldest'),
    ])
    .where('at', '>', since)
    .where((eb) => eb.or([eb('login', '=', login), eb('ip', '=', ctx.ip)]))
    .executeTakeFirstOrThrow();
  if (row.byLogin >= LOGIN_FAILURES_PER_LOGIN || row.byIp >= LOGIN_FAILURES_PER_ADDRESS) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - Date.now()) / 1000));
    ctx.reply.header('Retry-After', String(retryAfter));
    throw new AppError('RATE_LIMITED', 'error.rateLimited', { retryAfter });
  }
}

async function recordFailure(ctx: RestContext, login: string): Promise<never> {
  await ctx.db.insertInto('login_failures').values({ login, ip: ctx.ip }).execute();
  throw new AppError('UNAUTHORIZED', 'error.badLogin');
}

/** Checks a login and password; the same answer for an unknown login, a wrong password, a blocked account. */
export async function verifyCredentials(ctx: RestContext, header: string | undefined): Promise<UserRow> {
  const basic = parseBasicHeader(header);
  const parsed = credentialsSchema.safeParse(basic ?? {});
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error, ctx.language);
    throw new AppError('VALIDATION', describeFields(fields, ctx.language), { fields });
  }
  const login = parsed.data.login.toLowerCase();
  await checkThrottle(ctx, login);
  const user = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(login)`, '=', login)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? null, parsed.data.password);
  // A blocked account gets the answer of a wrong password: nothing tells it apart from a missing one.
  if (!user || !ok || !user.active) return recordFailure(ctx, login);
  // The password is right: now it is safe to say why the account cannot sign in yet.
  if (!user.approved) throw new AppError('UNAUTHORIZED', 'error.notApproved');
  return user;
}

async function checkAuthCode(ctx: RestContext, user: UserRow, code: string | undefined): Promise<void> {
  if (!code) throw new AppError('AUTH', 'error.authCodeRequired');
  const row = await ctx.db.selectFrom('auth_codes').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  if (!row) throw new AppError('AUTH', 'error.authCodeWrong');
  if (row.expires_at.getTime() < Date.now()) throw new AppError('AUTH', 'error.authCodeExpired');
  if (row.attempts >= AUTH_CODE_MAX_ATTEMPTS) throw new AppError('AUTH', 'error.authCodeTooMany');
  // Every try is counted in one statement before the code is compared, so guesses sent in parallel
  // cannot all read the same count and get more than the allowed number of tries.
  const counted = await ctx.db
    .updateTable('auth_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('user_id', '=', user.id)
    .where('attempts', '<', AUTH_CODE_MAX_ATTEMPTS)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  if (!counted) throw new AppError('AUTH', 'error.authCodeTooMany');
  if (!sameHash(counted.code_hash, secretHash(ctx.config.sessionSecret, code))) {
    throw new AppError(
      'AUTH',
      counted.attempts >= AUTH_CODE_MAX_ATTEMPTS ? 'error.authCodeTooMany' : 'error.authCodeWrong',
    );
  }
  // The code is spent: only the call that deletes it signs in, even when two carry it at once.
  const spent = await ctx.db
    .deleteFrom('auth_codes')
    .where('user_id', '=', user.id)
    .where('code_hash', '=', counted.code_hash)
    .executeTakeFirst();
  if (Number(spent.numDeletedRows) !== 1) throw new AppError('AUTH', 'error.authCodeWrong');
}

/** The user as the contract shows it, with the name of their price type. */
async function viewOf(ctx: RestContext, row: UserRow) {
  const priceType = row.price_type_id
    ? await ctx.db.selectFrom('price_types').select('name').where('id', '=', row.price_type_id).executeTakeFirst()
    : undefined;
  return toUserView(row, priceType?.name ?? '');
}

async function signIn(ctx: RestContext, user: UserRow, persistent: boolean) {
  const session = await ctx.sessions.rotate(ctx.session, user.id, persistent);
  ctx.setSession(session);
  await ctx.db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', user.id).execute();
  return { user: await viewOf(ctx, user), sessid: session.sessid };
}

export const signInHandlers: Pick<
  Handlers<typeof authMethods>,
  'user/login' | 'profile' | 'user/GenerateAuthKey' | 'user/logout'
> = {
  async 'user/login'(input, ctx) {
    const user = await verifyCredentials(ctx, ctx.request.headers.authorization);
    if (user.two_factor) await checkAuthCode(ctx, user, input?.authKey);
    return signIn(ctx, user, input?.saveAuth === true);
  },

  /** The current user; with Basic credentials it signs in (the fallback of spec §4). */
  async profile(_input, ctx) {
    if (ctx.request.headers.authorization) {
      const user = await verifyCredentials(ctx, ctx.request.headers.authorization);
      if (user.two_factor) throw new AppError('AUTH', 'error.authCodeRequired');
      return (await signIn(ctx, user, false)).user;
    }
    if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'error.unauthorized');
    return viewOf(ctx, ctx.actor.row);
  },

  async 'user/GenerateAuthKey'(input, ctx) {
    // Besides one code a minute per account, one address may not mail codes to many accounts.
    await throttle(ctx.db, [{ key: `authcode:ip:${ctx.ip}`, limit: 20, windowMs: 15 * 60 * 1000 }]);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(login)`, '=', input.login.toLowerCase())
      .executeTakeFirst();
    // An unknown or disabled login gets the same answer and no mail: nothing to enumerate.
    if (!user || !user.active || !user.approved || !user.email) return { resendAfter: AUTH_CODE_RESEND_SECONDS };
    const previous = await ctx.db
      .selectFrom('auth_codes')
      .select('sent_at')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (previous) {
      const wait = Math.ceil((previous.sent_at.getTime() + AUTH_CODE_RESEND_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) throw new AppError('RATE_LIMITED', 'error.authCodeResend', { args: [wait], retryAfter: wait });
    }
    const code = sixDigitCode();
    const now = new Date();
    const values = {
      code_hash: secretHash(ctx.config.sessionSecret, code),
      attempts: 0,
      sent_at: now,
      expires_at: new Date(now.getTime() + AUTH_CODE_TTL_SECONDS * 1000),
    };
    await ctx.db
      .insertInto('auth_codes')
      .values({ user_id: user.id, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    const lang = actorOf(user).language;
    await ctx.mailer.send({
      to: user.email,
      subject: lang === 'en' ? 'Sign-in code' : 'Код для входа в дилерский портал',
      text:
        lang === 'en'
          ? `Your sign-in code: ${code}\nIt is valid for 10 minutes.`
          : `Ваш код для входа: ${code}\nКод действует 10 минут. Если вы не входили в портал, просто проигнорируйте это письмо.`,
    });
    return { resendAfter: AUTH_CODE_RESEND_SECONDS };
  },

  async 'user/logout'(_input, ctx) {
    const session = await ctx.sessions.rotate(ctx.session, null, false);
    ctx.setSession(session);
    return { sessid: session.sessid };
  },
};
