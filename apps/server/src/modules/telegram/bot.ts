import { createHash, randomInt } from 'node:crypto';
import { formatPrice, TELEGRAM_MAX_LINES, translate, type Language } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { enqueue } from '../../ops/jobs/queue.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import type { AccountEvent } from '../account/index.js';
import { contactOf, loadActor } from '../auth/index.js';
import { newestBasketOrNew, parseLines, putLines, resolveLines } from '../baskets/index.js';
import { noticePreferences } from '../notices/index.js';
import { describeChange, type OrderEvent } from '../orders/index.js';
import { settingRow } from '../settings/index.js';
import { botApi, type BotApi, type TelegramUpdate } from './bot-api.js';
import * as q from './queries.js';

export const TELEGRAM_POLL_JOB = 'telegram.poll';
export const TELEGRAM_SEND_JOB = 'telegram.send';
/** A poll job starts no new long poll after this long, so the next minute's job does not overlap it. */
const POLL_BUDGET_MS = 30_000;

/** The bot's settings (site settings row `telegram`); null while no token is stored. */
export async function readBot(db: Db): Promise<{ token: string; botName: string } | null> {
  const value = (await settingRow(db, 'telegram'))?.value as { token?: string; botName?: string } | undefined;
  return value?.token ? { token: value.token, botName: value.botName ?? '' } : null;
}

export async function readBotName(db: Db): Promise<string> {
  const value = (await settingRow(db, 'telegram'))?.value as { botName?: string } | undefined;
  return value?.botName ?? '';
}

/** Codes people type: no 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
export const hashCode = (code: string) => createHash('sha256').update(code.trim().toUpperCase()).digest('hex');

async function languageOf(db: Db, userId: number): Promise<Language> {
  return (await contactOf(db, userId))?.language === 'en' ? 'en' : 'ru';
}

/** Part numbers → an answer with price and stock per line, and «В корзину» for what has a price. */
async function lookUp(db: Db, api: BotApi, chatId: number, userId: number, text: string): Promise<void> {
  const actor = await loadActor(db, userId);
  const lang = actor?.language === 'en' ? 'en' : 'ru';
  if (!actor) return api.sendMessage(chatId, translate(lang, 'telegram.blocked'));
  const lines = parseLines(text);
  if (lines.length === 0) return api.sendMessage(chatId, translate(lang, 'telegram.noLines'));
  if (lines.length > TELEGRAM_MAX_LINES)
    return api.sendMessage(chatId, translate(lang, 'telegram.tooMany', TELEGRAM_MAX_LINES));
  const result = await resolveLines(db, actor, lines);
  const out: string[] = [];
  const pick: q.PickLine[] = [];
  for (const line of result.lines) {
    const c = line.candidates[0];
    if (!c || line.status === 'notFound' || line.status === 'invalid') {
      out.push(translate(lang, 'telegram.notFound', line.article));
      continue;
    }
    const name = c.brand ? `${c.name} (${c.brand})` : c.name;
    const quantity = line.quantity ?? 1;
    if (c.price) {
      const price = formatPrice(c.price.value, c.price.currency, lang);
      out.push(translate(lang, 'telegram.found', c.article, name, price, c.stock, quantity));
      pick.push({ product: c.productId, quantity });
    } else {
      out.push(translate(lang, 'telegram.foundNoPrice', c.article, name, c.stock));
    }
  }
  if (pick.length === 0) return api.sendMessage(chatId, out.join('\n'));
  const pickId = await q.insertPick(db, userId, chatId, pick);
  await api.sendMessage(chatId, out.join('\n'), [
    [{ text: translate(lang, 'telegram.toBasket'), callback_data: `add:${pickId}` }],
  ]);
}

/** «В корзину»: the answer's lines into the dealer's newest basket, in one transaction. */
async function addPick(db: Db, api: BotApi, query: NonNullable<TelegramUpdate['callback_query']>): Promise<void> {
  const chatId = query.message?.chat.id ?? query.from.id;
  const id = /^add:(\d+)$/.exec(query.data ?? '')?.[1];
  const pick = id ? await q.pickOf(db, Number(id), chatId) : null;
  const link = await q.linkOfChat(db, chatId);
  const actor = pick && link && link.user_id === pick.userId ? await loadActor(db, pick.userId) : null;
  if (!pick || !actor) return api.answerCallbackQuery(query.id, translate('ru', 'telegram.pickGone'));
  const lang = actor.language === 'en' ? 'en' : 'ru';
  const { basket, result } = await db.transaction().execute(async (trx) => {
    const basket = await newestBasketOrNew(trx, actor.id, translate(lang, 'telegram.basketName'));
    const result = await putLines(trx, actor, lang, basket.id, pick.lines, 'add');
    return { basket, result };
  });
  const text =
    result.failed.length > 0 && result.added + result.updated === 0
      ? translate(lang, 'telegram.addFailed', result.failed.map((f) => `${f.name}: ${f.reason}`).join('; '))
      : translate(lang, 'telegram.added', basket.name, result.added + result.updated);
  await api.answerCallbackQuery(query.id, text);
  await api.sendMessage(chatId, text);
}

/** One update of the bot: `/start CODE` links, `/stop` unlinks, text is looked up, a button adds to the basket. */
export async function handleUpdate(db: Db, api: BotApi, update: TelegramUpdate): Promise<void> {
  if (update.callback_query) return addPick(db, api, update.callback_query);
  const message = update.message;
  const text = message?.text?.trim();
  if (!message || !text) return;
  const chatId = message.chat.id;
  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?/.exec(text);
  if (start) {
    const userId = start[1] ? await q.takeCode(db, hashCode(start[1])) : null;
    if (userId === null) {
      const known = await q.linkOfChat(db, chatId);
      const lang = known ? await languageOf(db, known.user_id) : 'ru';
      return api.sendMessage(chatId, translate(lang, start[1] ? 'telegram.badCode' : 'telegram.notLinked'));
    }
    await q.link(db, userId, chatId, message.from?.username ?? '');
    const actor = await loadActor(db, userId);
    return api.sendMessage(
      chatId,
      translate(actor?.language === 'en' ? 'en' : 'ru', 'telegram.linked', actor?.login ?? ''),
    );
  }
  const link = await q.linkOfChat(db, chatId);
  if (/^\/stop\b/.test(text)) {
    const lang = link ? await languageOf(db, link.user_id) : 'ru';
    await q.unlinkChat(db, chatId);
    return api.sendMessage(chatId, translate(lang, 'telegram.unlinked'));
  }
  if (!link) return api.sendMessage(chatId, translate('ru', 'telegram.notLinked'));
  return lookUp(db, api, chatId, link.user_id, text);
}

/**
 * The worker's side (decision 226): `telegram.poll` reads the bot's updates by long polling (once a minute a
 * job, one for the fleet, polling for up to half a minute), `telegram.send` sends one message, retried by the
 * queue. Nothing is sent while no token is stored.
 */
export function telegramJobHandlers(deps: { config: Config }): Record<string, JobHandler> {
  const { apiUrl, pollSeconds } = deps.config.telegram;
  return {
    [TELEGRAM_POLL_JOB]: async (payload, { db, log, stopping }) => {
      const bot = await readBot(db);
      if (!bot) return { skipped: true };
      const api = botApi(apiUrl, bot.token);
      const rounds = (payload as { rounds?: number } | null)?.rounds;
      const until = Date.now() + POLL_BUDGET_MS;
      let handled = 0;
      for (let round = 0; !stopping() && Date.now() < until && (rounds === undefined || round < rounds); round++) {
        const updates = await api.getUpdates(await q.updateOffset(db), pollSeconds);
        for (const update of updates) {
          try {
            await handleUpdate(db, api, update);
          } catch (err) {
            // One update that fails (a message Telegram refused) does not hold up the ones after it.
            log.warn(
              { update: update.update_id, err: err instanceof Error ? err.message : String(err) },
              'telegram update',
            );
          }
          await q.saveUpdateOffset(db, update.update_id + 1);
          handled++;
        }
      }
      return { handled };
    },
    [TELEGRAM_SEND_JOB]: async (payload, { db }) => {
      const bot = await readBot(db);
      if (!bot) return { skipped: true };
      const { chatId, text } = payload as { chatId: number; text: string };
      await botApi(apiUrl, bot.token).sendMessage(chatId, text);
      return { sent: true };
    },
  };
}

/**
 * The order listener (registered by the app from above): a status move, the first shipment and a document reach
 * the dealer's linked Telegram as well, queued in the change's transaction. The dealer's own corrections are
 * not told back to them, as in the portal.
 */
export function orderTelegram(publicUrl: string) {
  return async (trx: Db, event: OrderEvent): Promise<void> => {
    if (event.source === 'dealer') return;
    const link = await q.linkOf(trx, event.userId);
    if (!link) return;
    // The dealer's switches per kind (the profile's «В Telegram» column).
    const prefs = await noticePreferences(trx, event.userId);
    const told = event.changes.filter(
      (c) =>
        (c.field === 'status' && prefs.orderStatus.telegram) ||
        (c.field === 'bill' && prefs.orderBill.telegram) ||
        (c.field === 'offer' && c.fileId !== null && prefs.orderOffer.telegram),
    );
    if (told.length === 0) return;
    const lang = await languageOf(trx, event.userId);
    const text = [
      translate(lang, 'tidings.order.title', event.orderId),
      ...told.map((c) => `— ${describeChange(c, lang)}`),
      `${publicUrl}/order/${event.orderId}/`,
    ].join('\n');
    await enqueue(trx, TELEGRAM_SEND_JOB, { chatId: Number(link.chat_id), text }, { maxAttempts: 10 });
  };
}

/**
 * The account listener (registered from above, decision 215): a shipment or a closing document 1C recorded
 * reaches the linked chat (decision 202's tidings, in the document's transaction), as the dealer's «В Telegram»
 * switches for shipments and documents allow.
 */
export function accountTelegram(publicUrl: string) {
  return async (trx: Db, event: AccountEvent): Promise<void> => {
    const link = await q.linkOf(trx, event.userId);
    if (!link) return;
    const prefs = await noticePreferences(trx, event.userId);
    if (!(event.kind === 'shipment' ? prefs.accountShipment : prefs.accountDocument).telegram) return;
    const lang = await languageOf(trx, event.userId);
    const day = event.date.split('-').reverse().join('.');
    const lines = [translate(lang, `tidings.${event.kind}.title`, event.number, day)];
    if (event.kind === 'shipment' && event.orderId !== null)
      lines.push(translate(lang, 'tidings.shipment.order', event.orderId));
    if (event.kind === 'shipment' && event.tracking)
      lines.push(translate(lang, 'tidings.shipment.tracking', event.tracking));
    lines.push(event.orderId !== null ? `${publicUrl}/order/${event.orderId}/` : `${publicUrl}/account/documents/`);
    await enqueue(
      trx,
      TELEGRAM_SEND_JOB,
      { chatId: Number(link.chat_id), text: lines.join('\n') },
      { maxAttempts: 10 },
    );
  };
}
