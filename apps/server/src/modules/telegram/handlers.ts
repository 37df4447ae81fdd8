import { TELEGRAM_CODE_MINUTES, type telegramMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { inTransaction, requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { putSetting, settingRow } from '../settings/index.js';
import { hashCode, newCode, readBot, readBotName } from './bot.js';
import * as q from './queries.js';

/** The dealer's link to the supplier's Telegram bot, and the bot's settings (decision 226). */
export const telegramHandlers: Handlers<typeof telegramMethods> = {
  async 'telegram/get'(_input, ctx) {
    const actor = requireActor(ctx);
    const bot = await readBot(ctx.db);
    const link = await q.linkOf(ctx.db, actor.id);
    return {
      enabled: bot !== null,
      botName: bot?.botName ?? '',
      linked: Boolean(link),
      username: link?.username ?? '',
      linkedAt: link ? new Date(link.linked_at).toISOString() : null,
    };
  },

  async 'telegram/link'(_input, ctx) {
    const actor = requireActor(ctx);
    const bot = await readBot(ctx.db);
    // A 400 like a refused input (the access loop expects 200 or 400 of a method called with nothing).
    if (!bot) throw new AppError('VALIDATION', 'error.telegramOff');
    const code = newCode();
    const expiresAt = new Date(Date.now() + TELEGRAM_CODE_MINUTES * 60_000);
    await q.putCode(ctx.db, actor.id, hashCode(code), expiresAt);
    return {
      code,
      expiresAt: expiresAt.toISOString(),
      deepLink: bot.botName ? `https://t.me/${encodeURIComponent(bot.botName)}?start=${code}` : '',
    };
  },

  async 'telegram/unlink'(_input, ctx) {
    await q.unlinkUser(ctx.db, requireActor(ctx).id);
    return { ok: true };
  },

  async 'telegram-settings/get'(_input, ctx) {
    return { configured: (await readBot(ctx.db)) !== null, botName: await readBotName(ctx.db) };
  },

  async 'telegram-settings/update'(input, ctx) {
    await inTransaction(ctx, async (trx) => {
      const before = ((await settingRow(trx, 'telegram'))?.value ?? {}) as { token?: string; botName?: string };
      const after = {
        token: input.token === undefined ? (before.token ?? '') : input.token.trim(),
        botName: (input.botName ?? before.botName ?? '').trim().replace(/^@/, ''),
      };
      await putSetting(trx, 'telegram', after);
      // The token is the bot's password: the audit says whether one is set, never what it is.
      await recordAudit(trx, ctx, {
        entity: 'telegram-settings',
        action: 'update',
        before: { botName: before.botName ?? '', token: Boolean(before.token) },
        after: { botName: after.botName, token: Boolean(after.token) },
      });
    });
    return { configured: (await readBot(ctx.db)) !== null, botName: await readBotName(ctx.db) };
  },
};
