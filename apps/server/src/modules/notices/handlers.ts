import { inLanguage, rolesOf, type Language, type Message, type noticesMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { fullNameOf, isStaff, userCards } from '../auth/index.js';
import { generalStaffAddress, tellStaff, tellUser } from './tell.js';
import * as q from './queries.js';

/** A notice in the page's language: its English text when it has one (decision 145). */
const toNotice = (
  r: {
    id: number;
    title: string;
    description: string;
    title_en: string;
    description_en: string;
    link: string;
    was_read: boolean;
    created_at: Date;
  },
  language: Language,
) => ({
  id: r.id,
  timestamp: new Date(r.created_at).toISOString(),
  title: inLanguage(r.title, r.title_en, language),
  wasRead: r.was_read,
  description: inLanguage(r.description, r.title_en ? r.description_en : '', language),
  link: r.link,
});

async function messageViews(db: Db, ids: number[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const rows = await q.messageRows(db, ids);
  const users = await userCards(
    db,
    rows.flatMap((r) => [r.dealer_id, r.author_id]),
  );
  const byId = new Map(
    rows.flatMap((r) => {
      const dealer = users.get(r.dealer_id);
      const author = r.author_id !== null ? users.get(r.author_id) : undefined;
      if (!dealer) return [];
      const message: Message = {
        id: r.id,
        message: r.text,
        dateCreate: new Date(r.created_at).toISOString(),
        dealer: { id: r.dealer_id, name: fullNameOf(dealer) || dealer.login },
        author:
          r.author_id !== null && author
            ? {
                id: r.author_id,
                name: fullNameOf(author) || author.login,
                isStaff: isStaff({ roles: rolesOf(author.groups) }),
              }
            : null,
      };
      return [[r.id, message] as const];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((m): m is Message => Boolean(m));
}

export const noticesHandlers: Handlers<typeof noticesMethods> = {
  async 'notice/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { count, unread, rows } = await q.noticesPage(
      ctx.db,
      actor.id,
      input.filter?.wasRead,
      input.sort?.ID === 'ASC' ? 'asc' : 'desc',
      input,
    );
    return {
      count,
      unread,
      items: rows.map((r) => toNotice(r, ctx.language)),
    };
  },

  async 'notice/get'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await q.markNoticeRead(ctx.db, actor.id, input.id);
    if (!row) throw notFound();
    return toNotice(row, ctx.language);
  },

  async 'notice/read-all'(_input, ctx) {
    const actor = requireActor(ctx);
    return { count: await q.markAllNoticesRead(ctx.db, actor.id) };
  },

  /** A dealer reads their conversation with the supplier; staff read every one, or one dealer's. */
  async 'message/list'(input, ctx) {
    const actor = requireActor(ctx);
    const dealerId = !isStaff(actor) ? actor.id : input.filter?.dealer || null;
    const { count, ids } = await q.messageIdsPage(ctx.db, dealerId, input.sort?.ID === 'ASC' ? 'asc' : 'desc', input);
    return {
      count,
      items: await messageViews(ctx.db, ids),
    };
  },

  /** A dealer writes to the supplier (the managers get an e-mail); staff answer a dealer (notice and e-mail). */
  async 'message/create'(input, ctx) {
    const actor = requireActor(ctx);
    const staff = isStaff(actor);
    let dealerId = actor.id;
    if (input.dealer !== undefined) {
      if (!staff) throw new AppError('FORBIDDEN', 'error.staffOnly');
      const dealer = (await userCards(ctx.db, [input.dealer])).get(input.dealer);
      if (!dealer || (dealer.groups.length > 0 && !dealer.groups.includes('DEALERS'))) throw notFound();
      dealerId = dealer.id;
    }
    // The message and its e-mail in one transaction: both are saved, or neither and the caller hears why
    // (decision 189).
    return ctx.db.transaction().execute(async (trx) => {
      const created = await q.insertMessage(trx, dealerId, actor.id, input.message);
      const [view] = await messageViews(trx, [created]);
      if (!view) throw notFound();
      const t = { ...ctx, db: trx };
      if (dealerId === actor.id) {
        await tellStaff(t, `Сообщение от ${view.dealer.name}`, input.message, `/notice/?dealer=${dealerId}`, {
          dealerId,
          generalAddress: await generalStaffAddress(trx),
        });
      } else {
        await tellUser(t, dealerId, {
          title: { ru: 'Новое сообщение от поставщика', en: 'A new message from the supplier' },
          text: { ru: input.message, en: input.message },
          link: '/notice/',
        });
      }
      return view;
    });
  },
};
