import { NOTICE_KINDS, translate, type Language, type NoticeKind, type noticeSettingsMethods } from '@portal/contract';
import { requireActor, type Handlers } from '../../rest/context.js';
import type { Db } from '../../db/database.js';
import { saveNoticePreferences } from './queries.js';
import { noticePreferences } from './tell.js';

const LABEL: Record<NoticeKind, string> = {
  orderStatus: 'notify.orderStatus',
  orderLines: 'notify.orderLines',
  orderBill: 'notify.orderBill',
  orderOffer: 'notify.orderOffer',
  orderNote: 'notify.orderNote',
  accountShipment: 'notify.accountShipment',
  accountDocument: 'notify.accountDocument',
  accountPayment: 'notify.accountPayment',
  accountBills: 'notify.accountBills',
};

async function settingsOf(db: Db, userId: number, language: Language) {
  const prefs = await noticePreferences(db, userId);
  return {
    items: NOTICE_KINDS.map((kind) => ({
      kind,
      label: translate(language, LABEL[kind]),
      notice: prefs[kind].notice,
      email: prefs[kind].email,
      telegram: prefs[kind].telegram ?? true,
    })),
  };
}

/** The caller's own choice of tidings: each kind on or off for the notice and for the e-mail. */
export const noticeSettingsHandlers: Handlers<typeof noticeSettingsMethods> = {
  async 'notice-settings/get'(_input, ctx) {
    return settingsOf(ctx.db, requireActor(ctx).id, ctx.language);
  },
  async 'notice-settings/update'(input, ctx) {
    const actor = requireActor(ctx);
    const current = await noticePreferences(ctx.db, actor.id);
    await saveNoticePreferences(
      ctx.db,
      actor.id,
      input.items.map((i) => ({ ...i, telegram: i.telegram ?? current[i.kind].telegram ?? true })),
    );
    return settingsOf(ctx.db, actor.id, ctx.language);
  },
};
