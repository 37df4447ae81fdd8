import { MAILING_AGREEMENT_CODE, type Mailing, type mailingMethods } from '@portal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { paged } from '../../rest/paging.js';
import { fullNameOf, userCards, type Actor } from '../auth/index.js';
import { consentTo } from '../forms/index.js';
import { isStaff } from '../auth/index.js';
import './tables.js';

async function mailingOf(db: Db, actor: Actor): Promise<Mailing> {
  const { agreementId, consentId } = await consentTo(db, MAILING_AGREEMENT_CODE, actor.id);
  const row = await db.selectFrom('mailings').selectAll().where('user_id', '=', actor.id).executeTakeFirst();
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
    let q = ctx.db.selectFrom('mailings as m');
    if (!isStaff(actor)) q = q.where('m.user_id', '=', actor.id);
    if (input.filter?.subscribed !== undefined) q = q.where('m.subscribed', '=', input.filter.subscribed);
    const { n } = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    let rows = q
      .select(['m.id', 'm.email', 'm.subscribed', 'm.user_id'])
      .orderBy('m.id', input.sort?.ID === 'DESC' ? 'desc' : 'asc');
    rows = paged(rows, input);
    const page = await rows.execute();
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
    return { count: Number(n), items };
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
    await ctx.db
      .insertInto('mailings')
      .values({ user_id: actor.id, email: input.email, subscribed: subscribe })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ email: input.email, subscribed: subscribe, updated_at: new Date() }),
      )
      .execute();
    return mailingOf(ctx.db, actor);
  },
};
