import { MAILING_AGREEMENT_CODE, type Mailing, type mailingMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { fullNameOf, isStaff, userCards, type Actor } from '../auth/index.js';
import { consentTo } from '../forms/index.js';
import * as q from './queries.js';
import './subscriptions.js';

async function mailingOf(db: Db, actor: Actor): Promise<Mailing> {
  const { agreementId, consentId } = await consentTo(db, MAILING_AGREEMENT_CODE, actor.id);
  const row = await q.mailingRow(db, actor.id);
  return {
    id: row?.id ?? null,
    // Not subscribed yet: offer the profile's address.
    email: row?.email ?? actor.row.email,
    subscribed: Boolean(row?.subscribed && consentId !== null),
    consentId,
    agreementId,
  };
}

export const mailingHandlers: Handlers<typeof mailingMethods> = {
  async 'mailings/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, rows: page } = await q.listMailings(
      ctx.db,
      isStaff(actor) ? null : actor.id,
      input.filter?.subscribed,
      input.sort?.ID === 'DESC' ? 'desc' : 'asc',
      input,
    );
    const users = await userCards(
      ctx.db,
      page.map((r) => r.user_id),
    );
    const items = page.map((r) => {
      const user = users.get(r.user_id);
      return {
        id: r.id,
        email: r.email,
        subscribed: r.subscribed,
        consentId: null,
        agreementId: null,
        userName: user ? fullNameOf(user) || user.login : '',
      };
    });
    return { count, items };
  },

  'mailings/get': (_input, ctx) => mailingOf(ctx.db, requireActor(ctx)),

  /** Subscribing needs the caller's consent to the mailing agreement (consent/create first). */
  async 'mailings/update'(input, ctx) {
    const actor = requireActor(ctx);
    const subscribe = input.subscribed ?? true;
    const current = await mailingOf(ctx.db, actor);
    if (subscribe && current.consentId === null) {
      throw new AppError('VALIDATION', 'error.mailingConsent');
    }
    await q.putMailing(ctx.db, actor.id, input.email, subscribe);
    return mailingOf(ctx.db, actor);
  },
};
