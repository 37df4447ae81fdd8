import { translate, type authMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import type { Handlers } from '../../rest/context.js';
import { forgetSignInAttempts, limitAttempt, loginKeyPart } from '../throttle/index.js';
import {
  adminEmails,
  deleteSessionsOf,
  insertUser,
  lockLiveRestores,
  setPasswordHash,
  spendRestores,
  userByLoginOrEmail,
  userIdByLogin,
  usersWithLoginOrEmail,
} from './account-queries.js';
import { hashPassword, sameHash, secretHash } from './passwords.js';
import { sendRestoreLink } from './restore-link.js';

const HOUR = 3600 * 1000;

export const accountHandlers: Pick<
  Handlers<typeof authMethods>,
  'user/restore-password' | 'user/change-password-under-restore' | 'user/register'
> = {
  /** Mails a single-use link valid 24 hours; the answer is the same whether or not the login exists. */
  async 'user/restore-password'(input, ctx) {
    const key = input.login.toLowerCase();
    // Nobody floods an inbox through this form: 20 requests an hour per address, 5 links an hour per account.
    // Counted before anything is sent (decision 050). A stranger who uses up an account's five cannot keep
    // its owner out: the links they caused went to the owner's inbox, and each works for a day.
    await limitAttempt(ctx.db, [{ key: `restore:ip:${ctx.ip}`, limit: 20, windowMs: HOUR }]);
    const user = await userByLoginOrEmail(ctx.db, key);
    // By account when there is one, so its login and its e-mail share the five; else by what was typed.
    const counted = user ? `restore:user:${user.id}` : `restore:login:${loginKeyPart(key)}`;
    await limitAttempt(ctx.db, [{ key: counted, limit: 5, windowMs: HOUR }], 'error.restoreAlreadySent');
    if (user && user.active && user.email) await sendRestoreLink(ctx, user);
    return { ok: true as const };
  },

  async 'user/change-password-under-restore'(input, ctx) {
    const invalid = () => new AppError('VALIDATION', 'error.checkwordInvalid', { fields: {} });
    const user = await userIdByLogin(ctx.db, input.login);
    if (!user) throw invalid();
    const wanted = secretHash(ctx.config.sessionSecret, input.checkword);
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      const restores = await lockLiveRestores(trx, user.id);
      const match = restores.find((r) => sameHash(r.checkword_hash, wanted));
      if (!match) throw invalid();
      // This link and every other outstanding link of the account are spent.
      await spendRestores(trx, user.id);
      await setPasswordHash(trx, user.id, passwordHash);
      // Every session of the account ends: whoever knew the old password is signed out.
      await deleteSessionsOf(trx, user.id);
    });
    // The owner proved their mailbox: sign-in attempts counted against the login no longer slow them down.
    await forgetSignInAttempts(ctx.db, 'signin', input.login);
    return { ok: true as const };
  },

  /** A new account waits for an administrator (approved = false); administrators are told by e-mail. */
  async 'user/register'(input, ctx) {
    await limitAttempt(ctx.db, [{ key: `register:ip:${ctx.ip}`, limit: 10, windowMs: HOUR }]);
    const taken = await usersWithLoginOrEmail(ctx.db, input.login, input.email);
    const fields: Record<string, string> = {};
    if (taken.some((t) => t.login.toLowerCase() === input.login.toLowerCase())) fields.login = 'error.loginTaken';
    if (taken.some((t) => t.email.toLowerCase() === input.email.toLowerCase())) fields.email = 'error.emailTaken';
    if (Object.keys(fields).length) {
      const translated = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(ctx.language, v)]));
      throw new AppError('CONFLICT', Object.values(translated)[0]!, { fields: translated });
    }
    const passwordHash = await hashPassword(input.password);
    const loginTaken = () => {
      const message = translate(ctx.language, 'error.loginTaken');
      return new AppError('CONFLICT', message, { fields: { login: message } });
    };
    // The account and its e-mails in one transaction: all are saved, or none and the caller hears why
    // (decision 189).
    await ctx.db.transaction().execute(async (trx) => {
      await insertUser(trx, {
        login: input.login,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        middle_name: input.middleName ?? '',
        phone: input.phone,
        company: input.company,
        inn: input.inn,
        city: input.city ?? '',
        groups: ['DEALERS'],
        approved: false,
        language: ctx.language,
      }).catch((err: unknown) => {
        // The same login registered a moment earlier by a parallel request (unique index on lower(login)).
        if ((err as { code?: string }).code === '23505') throw loginTaken();
        throw err;
      });
      const admins = await adminEmails(trx);
      if (admins.length) {
        await ctx.mailer.send(
          {
            to: admins.map((a) => a.email),
            subject: `Новая регистрация: ${input.company}`,
            text:
              `Зарегистрировался новый пользователь и ждёт подтверждения.\n` +
              `Логин: ${input.login}\nФИО: ${input.lastName} ${input.firstName} ${input.middleName ?? ''}\n` +
              `Компания: ${input.company}, ИНН ${input.inn}\nE-mail: ${input.email}, телефон: ${input.phone}\n` +
              `Подтвердите или отклоните заявку: ${ctx.config.publicUrl}/user/`,
          },
          trx,
        );
      }
      await ctx.mailer.send(
        {
          to: input.email,
          subject: 'Заявка на регистрацию принята',
          text: `Здравствуйте, ${input.firstName}!\nВаша заявка на регистрацию в дилерском портале принята и отправлена на модерацию. Мы сообщим по e-mail, когда учётная запись будет подтверждена.`,
        },
        trx,
      );
    });
    return { moderation: true as const };
  },
};
