import { translate, type usersMethods } from '@portal/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import type { Actor, UserRow } from '../auth/actor.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { sendRestoreLink } from '../auth/restore-link.js';
import { containsPattern, pageWindow } from '../content/paging.js';
import { isAdmin, isDealer, toDetails } from './view.js';

const notFound = () => new AppError('NOT_FOUND', 'error.notFound');

/**
 * Who a caller may see (the rule lives in the WHERE): administrators everyone; a dealer themselves and the
 * working dealer accounts of their own company (same non-empty `company`); anyone else only themselves.
 */
function visibleTo<O>(actor: Actor, query: SelectQueryBuilder<Database, 'users', O>) {
  if (isAdmin(actor)) return query;
  if (isDealer(actor) && actor.row.company.trim()) {
    return query.where((eb) =>
      eb.or([
        eb('users.id', '=', actor.id),
        eb.and([
          eb('users.company', '=', actor.row.company),
          eb('users.approved', '=', true),
          eb('users.active', '=', true),
          sql<boolean>`'DEALERS' = ANY(users.groups)`,
        ]),
      ]),
    );
  }
  return query.where('users.id', '=', actor.id);
}

async function loadUser(ctx: RestContext, id: number): Promise<UserRow> {
  const row = await visibleTo(requireActor(ctx), ctx.db.selectFrom('users').selectAll())
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function detailOf(ctx: RestContext, id: number) {
  const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return (await toDetails(ctx.db, [row]))[0]!;
}

/** Working administrators other than `exceptId`: the last one may not be removed, demoted or blocked. */
async function otherAdmins(ctx: RestContext, exceptId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql<boolean>`'ADMINS' = ANY(groups)`)
    .where('active', '=', true)
    .where('approved', '=', true)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function guardAdminLoss(ctx: RestContext, target: UserRow, losesAdmin: boolean): Promise<void> {
  if (!losesAdmin || !target.groups.includes('ADMINS')) return;
  if (target.id === requireActor(ctx).id) throw new AppError('CONFLICT', 'error.selfDemote');
  if ((await otherAdmins(ctx, target.id)) === 0) throw new AppError('CONFLICT', 'error.lastAdmin');
}

async function checkUnique(ctx: RestContext, values: { login?: string; email?: string }, exceptId = 0) {
  if (!values.login && !values.email) return;
  const taken = await ctx.db
    .selectFrom('users')
    .select(['login', 'email'])
    .where('id', '<>', exceptId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(login)`, '=', (values.login ?? '').toLowerCase()),
        eb(sql`lower(email)`, '=', (values.email ?? '').toLowerCase()),
      ]),
    )
    .execute();
  const fields: Record<string, string> = {};
  if (values.login && taken.some((t) => t.login.toLowerCase() === values.login!.toLowerCase()))
    fields.login = translate(ctx.language, 'error.loginTaken');
  if (values.email && taken.some((t) => t.email.toLowerCase() === values.email!.toLowerCase()))
    fields.email = translate(ctx.language, 'error.emailTaken');
  if (Object.keys(fields).length) throw new AppError('CONFLICT', Object.values(fields)[0]!, { fields });
}

async function checkReferences(ctx: RestContext, typePrice?: number | null, paySystemId?: number | null) {
  const fields: Record<string, string> = {};
  if (typePrice) {
    const found = await ctx.db.selectFrom('price_types').select('id').where('id', '=', typePrice).executeTakeFirst();
    if (!found) fields.typePrice = translate(ctx.language, 'validation.invalid');
  }
  if (paySystemId) {
    const found = await ctx.db.selectFrom('pay_systems').select('id').where('id', '=', paySystemId).executeTakeFirst();
    if (!found) fields.paySystemId = translate(ctx.language, 'validation.invalid');
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'error.validation', { fields });
}

async function mail(ctx: RestContext, user: UserRow, ru: { subject: string; text: string }, en: typeof ru) {
  if (!user.email) return;
  await ctx.mailer.send({ to: user.email, ...(user.language === 'en' ? en : ru) });
}

export const usersHandlers: Handlers<typeof usersMethods> = {
  /** Pending registrations first, then by the requested order (newest first by default). */
  async 'user/list'(input, ctx) {
    const actor = requireActor(ctx);
    const { limit, offset } = pageWindow(input);
    let base = visibleTo(actor, ctx.db.selectFrom('users'));
    const f = input?.filter;
    if (f?.search) {
      const p = containsPattern(f.search);
      base = base.where((eb) =>
        eb.or([
          eb('users.login', 'ilike', p),
          eb('users.email', 'ilike', p),
          eb('users.company', 'ilike', p),
          eb('users.inn', 'ilike', p),
          eb(sql`users.last_name || ' ' || users.first_name || ' ' || users.middle_name`, 'ilike', p),
        ]),
      );
    }
    if (f?.group) base = base.where(sql<boolean>`${f.group} = ANY(users.groups)`);
    if (f?.status === 'pending') base = base.where('users.approved', '=', false);
    if (f?.status === 'active') base = base.where('users.approved', '=', true).where('users.active', '=', true);
    if (f?.status === 'blocked') base = base.where('users.approved', '=', true).where('users.active', '=', false);
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const [key, dir] = (Object.entries(input?.sort ?? {})[0] ?? ['DATE', 'DESC']) as [string, 'ASC' | 'DESC'];
    const direction = dir === 'ASC' ? 'asc' : 'desc';
    let rows = base
      .selectAll('users')
      .orderBy('users.approved', 'asc')
      .orderBy(
        key === 'LOGIN'
          ? sql`lower(users.login)`
          : key === 'NAME'
            ? sql`lower(users.last_name || users.first_name)`
            : key === 'ID'
              ? sql`users.id`
              : sql`users.created_at`,
        direction,
      )
      .orderBy('users.id', direction)
      .offset(offset);
    if (limit !== null) rows = rows.limit(limit);
    return { count: Number(count.n), items: await toDetails(ctx.db, await rows.execute()) };
  },

  async 'user/get'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await loadUser(ctx, input?.id ?? actor.id);
    return (await toDetails(ctx.db, [row]))[0]!;
  },

  /** An administrator creates a working account (approved) with a password they pass on. */
  async 'user/create'(input, ctx) {
    await checkUnique(ctx, { login: input.login, email: input.email });
    await checkReferences(ctx, input.typePrice, input.paySystemId);
    const passwordHash = await hashPassword(input.password);
    const row = await ctx.db
      .insertInto('users')
      .values({
        login: input.login,
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        middle_name: input.middleName ?? '',
        phone: input.phone ?? '',
        company: input.company ?? '',
        inn: input.inn ?? '',
        city: input.city ?? '',
        groups: [...new Set(input.groups)],
        price_type_id: input.typePrice ?? null,
        pay_system_id: input.paySystemId ?? null,
        is_on_order: input.isOnOrder ?? false,
        language: input.language ?? 'ru',
        approved: true,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return detailOf(ctx, row.id);
  },

  async 'user/update'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    const f = input.fields;
    if (f.groups) await guardAdminLoss(ctx, target, !f.groups.includes('ADMINS'));
    await checkUnique(ctx, { email: f.email }, target.id);
    await checkReferences(ctx, f.typePrice, f.paySystemId);
    const set: Record<string, unknown> = {};
    if (f.email !== undefined) set.email = f.email;
    if (f.firstName !== undefined) set.first_name = f.firstName;
    if (f.lastName !== undefined) set.last_name = f.lastName;
    if (f.middleName !== undefined) set.middle_name = f.middleName;
    if (f.phone !== undefined) set.phone = f.phone;
    if (f.company !== undefined) set.company = f.company;
    if (f.inn !== undefined) set.inn = f.inn;
    if (f.city !== undefined) set.city = f.city;
    if (f.groups !== undefined) set.groups = [...new Set(f.groups)];
    if (f.typePrice !== undefined) set.price_type_id = f.typePrice;
    if (f.paySystemId !== undefined) set.pay_system_id = f.paySystemId;
    if (f.isOnOrder !== undefined) set.is_on_order = f.isOnOrder;
    if (f.language !== undefined) set.language = f.language;
    if (Object.keys(set).length) {
      await ctx.db
        .updateTable('users')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', target.id)
        .execute();
    }
    return detailOf(ctx, target.id);
  },

  /** Removes an account without orders; an account with history is blocked instead (CONFLICT says so). */
  async 'user/delete'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.id === requireActor(ctx).id) throw new AppError('CONFLICT', 'error.selfAction');
    await guardAdminLoss(ctx, target, true);
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', target.id).execute();
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23503') throw new AppError('CONFLICT', 'error.userHasData');
      throw err;
    }
    return { ok: true as const };
  },

  /** The administrator's user form: its fields with the choices the database holds today. */
  async 'user/get-fields'(input, ctx) {
    if (input?.id) await loadUser(ctx, input.id);
    const [prices, pays] = await Promise.all([
      ctx.db.selectFrom('price_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
      ctx.db.selectFrom('pay_systems').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    ]);
    const en = ctx.language === 'en';
    const text = (code: string, ru: string, enLabel: string, required = false, type: 'TEXT' | 'EMAIL' = 'TEXT') => ({
      code,
      type,
      label: en ? enLabel : ru,
      required,
      options: [],
    });
    const groupTitles: Record<string, [string, string]> = {
      ADMINS: ['Администраторы', 'Administrators'],
      DEALERS: ['Дилеры', 'Dealers'],
      EMPLOYEES: ['Сотрудники', 'Employees'],
    };
    return {
      fields: [
        text('lastName', 'Фамилия', 'Last name', true),
        text('firstName', 'Имя', 'First name', true),
        text('middleName', 'Отчество', 'Middle name'),
        text('email', 'E-mail', 'E-mail', true, 'EMAIL'),
        text('phone', 'Телефон', 'Phone'),
        text('company', 'Компания', 'Company'),
        text('inn', 'ИНН', 'INN'),
        text('city', 'Город', 'City'),
        {
          code: 'groups',
          type: 'MULTISELECT' as const,
          label: en ? 'Groups' : 'Группы',
          required: true,
          options: Object.entries(groupTitles).map(([value, [ru, e]]) => ({ value, title: en ? e : ru })),
        },
        {
          code: 'typePrice',
          type: 'SELECT' as const,
          label: en ? 'Price type' : 'Тип цен',
          required: false,
          options: prices.map((p) => ({ value: String(p.id), title: p.name })),
        },
        {
          code: 'paySystemId',
          type: 'SELECT' as const,
          label: en ? 'Payment method' : 'Способ оплаты',
          required: false,
          options: pays.map((p) => ({ value: String(p.id), title: p.name })),
        },
        {
          code: 'isOnOrder',
          type: 'CHECKBOX' as const,
          label: en ? 'Orders allowed' : 'Может заказывать',
          required: false,
          options: [],
        },
      ],
    };
  },

  async 'user/approve'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.approved) throw new AppError('CONFLICT', 'error.alreadyApproved');
    await ctx.db
      .updateTable('users')
      .set({ approved: true, active: true, updated_at: new Date() })
      .where('id', '=', target.id)
      .execute();
    await mail(
      ctx,
      target,
      {
        subject: 'Регистрация в дилерском портале подтверждена',
        text: `Здравствуйте, ${target.first_name}!\nВаша учётная запись ${target.login} подтверждена. Войдите в портал: ${ctx.config.publicUrl}/auth/`,
      },
      {
        subject: 'Your dealer portal registration is approved',
        text: `Hello, ${target.first_name}!\nYour account ${target.login} is approved. Sign in: ${ctx.config.publicUrl}/auth/`,
      },
    );
    return detailOf(ctx, target.id);
  },

  /** Only a waiting application can be refused; the row goes away so the login and e-mail are free again. */
  async 'user/reject'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.approved) throw new AppError('CONFLICT', 'error.alreadyApproved');
    await ctx.db.deleteFrom('users').where('id', '=', target.id).where('approved', '=', false).execute();
    const reason = input.reason?.trim();
    await mail(
      ctx,
      target,
      {
        subject: 'Заявка на регистрацию отклонена',
        text: `Здравствуйте, ${target.first_name}!\nК сожалению, заявка на регистрацию учётной записи ${target.login} отклонена.${reason ? `\nПричина: ${reason}` : ''}\nЕсли это ошибка, свяжитесь с нами.`,
      },
      {
        subject: 'Your registration was declined',
        text: `Hello, ${target.first_name}!\nThe registration of ${target.login} was declined.${reason ? `\nReason: ${reason}` : ''}`,
      },
    );
    return { ok: true as const };
  },

  /** A blocked account cannot sign in and its sessions end at once. */
  async 'user/block'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.id === requireActor(ctx).id) throw new AppError('CONFLICT', 'error.selfAction');
    await guardAdminLoss(ctx, target, true);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ active: false, updated_at: new Date() })
        .where('id', '=', target.id)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', target.id).execute();
    });
    return detailOf(ctx, target.id);
  },

  async 'user/unblock'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    await ctx.db
      .updateTable('users')
      .set({ active: true, updated_at: new Date() })
      .where('id', '=', target.id)
      .execute();
    return detailOf(ctx, target.id);
  },

  async 'user/send-password-reset'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (!target.email) throw new AppError('CONFLICT', 'error.noEmail');
    await sendRestoreLink(ctx, target);
    return { ok: true as const };
  },

  async 'user/update-profile'(input, ctx) {
    const actor = requireActor(ctx);
    await checkUnique(ctx, { email: input.email }, actor.id);
    await ctx.db
      .updateTable('users')
      .set({
        first_name: input.firstName,
        last_name: input.lastName,
        middle_name: input.middleName ?? actor.row.middle_name,
        phone: input.phone ?? actor.row.phone,
        city: input.city ?? actor.row.city,
        email: input.email,
        language: input.language ?? actor.row.language,
        updated_at: new Date(),
      })
      .where('id', '=', actor.id)
      .execute();
    return detailOf(ctx, actor.id);
  },

  /** The current password proves it is the owner; other sessions of the account end. */
  async 'user/change-password'(input, ctx) {
    const actor = requireActor(ctx);
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', actor.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
      const text = translate(ctx.language, 'error.wrongCurrentPassword');
      throw new AppError('VALIDATION', text, { fields: { currentPassword: text } });
    }
    const hash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: hash, updated_at: new Date() })
        .where('id', '=', actor.id)
        .execute();
      await trx
        .deleteFrom('sessions')
        .where('user_id', '=', actor.id)
        .where('sessid', '<>', ctx.session.sessid)
        .execute();
    });
    return { ok: true as const };
  },
};
