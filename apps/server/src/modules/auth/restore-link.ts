import { randomBytes } from 'node:crypto';
import { RESTORE_LINK_TTL_HOURS } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { RestContext } from '../../rest/context.js';
import { insertRestore } from './account-queries.js';
import { secretHash } from './passwords.js';

/**
 * Stores a single-use checkword (as an HMAC) valid 24 hours and mails the reset link
 * `/auth/reset?USER_CHECKWORD=…&USER_LOGIN=…`. Used by self-service recovery and by an administrator's
 * "reset password" action, so both send the same link.
 */
export async function sendRestoreLink(
  ctx: Pick<RestContext, 'db' | 'config' | 'mailer'>,
  user: { id: number; login: string; email: string; language: string },
): Promise<void> {
  const checkword = randomBytes(16).toString('hex');
  const link = `${ctx.config.publicUrl}/auth/reset?USER_CHECKWORD=${checkword}&USER_LOGIN=${encodeURIComponent(user.login)}`;
  const en = user.language === 'en';
  // The checkword and its e-mail in one transaction: both are saved, or neither and the caller hears why
  // (decision 189).
  const run = async (db: Db) => {
    await insertRestore(db, {
      user_id: user.id,
      checkword_hash: secretHash(ctx.config.sessionSecret, checkword),
      expires_at: new Date(Date.now() + RESTORE_LINK_TTL_HOURS * 3600 * 1000),
    });
    await ctx.mailer.send(
      {
        to: user.email,
        subject: en ? 'Password recovery' : 'Восстановление пароля в дилерском портале',
        text: en
          ? `To set a new password for ${user.login}, open:\n${link}\nThe link is valid for 24 hours and works once.`
          : `Чтобы задать новый пароль для учётной записи ${user.login}, откройте ссылку:\n${link}\nСсылка действует 24 часа и только один раз. Если вы не запрашивали восстановление, проигнорируйте письмо.`,
      },
      db,
    );
  };
  await (ctx.db.isTransaction ? run(ctx.db) : ctx.db.transaction().execute(run));
}
