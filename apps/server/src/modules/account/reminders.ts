import { translate, type Language } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Mailer } from '../../mail/mailer.js';
import type { JobHandler } from '../../ops/jobs/worker.js';
import { counterpartyById } from '../companies/index.js';
import { noticePreferences, tellUser, type Telling } from '../notices/index.js';
import { convertJobHandler, CONVERT_ORDERS_JOB } from './convert.js';
import { billsDueBy, claimReminders, pruneReminders } from './queries.js';

/**
 * The daily reminder of bills (decision 203): every dealer with open bills due within `REMIND_DAYS` days or
 * overdue gets one notice and one e-mail listing them (switchable in the profile: `accountBills`), once per
 * bill per day — `account_bill_reminders` takes each bill's day in the telling transaction, so a second worker,
 * a retried job or a second run that day finds it taken and tells nothing.
 */

export const BILL_REMINDERS_JOB = 'account.billReminders';
export const REMIND_DAYS = 3;
/**
 * Days of reminders kept (decision 229): the once-per-day rule reads only the day a run computes as today, but a
 * worker whose clock lags, or a run started just before the supplier's midnight, still computes yesterday; rows
 * of the days before that can never be claimed again and are pruned by the job.
 */
export const KEEP_REMINDER_DAYS = 2;

/** The supplier's day (Moscow, UTC+3 all year; decision 180), as an ISO day, `plus` days on. */
export const supplierDay = (now: Date, plus = 0) =>
  new Date(now.getTime() + 3 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);

const dayOf = (iso: string) => iso.split('-').reverse().join('.');
const amount = (sum: number, currency: string, language: Language) =>
  `${new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'ru-RU', { minimumFractionDigits: 2 }).format(sum)} ${currency === 'RUB' ? '₽' : currency}`;

export async function remindBills(
  t: Telling,
  now = new Date(),
): Promise<{ users: number; bills: number; pruned: number }> {
  const today = supplierDay(now);
  const due = await billsDueBy(t.db, supplierDay(now, REMIND_DAYS));
  const byUser = new Map<number, typeof due>();
  const owners = new Map<number, number | null>();
  for (const bill of due) {
    if (!owners.has(bill.counterparty_id))
      owners.set(bill.counterparty_id, (await counterpartyById(t.db, bill.counterparty_id))?.user_id ?? null);
    const userId = owners.get(bill.counterparty_id);
    if (userId === null || userId === undefined) continue;
    byUser.set(userId, [...(byUser.get(userId) ?? []), bill]);
  }
  let told = 0;
  let bills = 0;
  for (const [userId, list] of byUser) {
    await t.db.transaction().execute(async (trx) => {
      const taken = await claimReminders(trx, userId, today, list);
      if (taken.length === 0) return;
      const mine = list.filter((b) => taken.some((k) => k.contract_id === b.contract_id && k.number === b.number));
      const text = (language: Language) =>
        [
          translate(language, 'tidings.bills.text'),
          ...mine.map((b) =>
            translate(
              language,
              'tidings.bills.line',
              b.number,
              b.issued_on ? dayOf(b.issued_on) : '—',
              amount(Number(b.sum), b.currency, language),
              b.due_on ? dayOf(b.due_on) : '—',
              b.due_on && b.due_on < today ? translate(language, 'tidings.bills.overdue') : '',
            ),
          ),
        ].join('\n');
      const prefs = (await noticePreferences(trx, userId)).accountBills;
      await tellUser(
        { ...t, db: trx },
        userId,
        {
          title: {
            ru: translate('ru', 'tidings.bills.title', mine.length),
            en: translate('en', 'tidings.bills.title', mine.length),
          },
          text: { ru: text('ru'), en: text('en') },
          link: '/account/',
        },
        prefs,
      );
      told += 1;
      bills += mine.length;
    });
  }
  // After the telling: a run that prunes never takes away a row it or a lagging worker still claims today.
  const pruned = await pruneReminders(t.db, supplierDay(now, 1 - KEEP_REMINDER_DAYS));
  return { users: told, bills, pruned };
}

/** The worker's side: the periodic job that runs the reminder once a day (ops/jobs). */
export function accountJobHandlers(deps: { config: Config; mailer: Mailer }): Record<string, JobHandler> {
  return {
    [BILL_REMINDERS_JOB]: async (_payload, { db, log }) => {
      const result = await remindBills({ db, mailer: deps.mailer, config: deps.config, log });
      log.info(result, 'bills reminded');
      return result;
    },
    // Orders kept as 1C documents before decision 202 become orders, once (decision 228, migration 0223).
    [CONVERT_ORDERS_JOB]: convertJobHandler,
  };
}
