import { translate, type usersMethods } from '@portal/contract';
import { AppError } from '../../rest/app-error.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../auth/index.js';
import { hashPassword, verifyPassword } from '../auth/index.js';
import { sendRestoreLink } from '../auth/index.js';
import { toDetails } from './view.js';
import { recordAudit } from '../audit/index.js';
import { userAdmin } from '../auth/index.js';
import { paySystemExists, priceTypeExists, userFormChoices } from '../catalog/index.js';

/** The SQL these handlers run lives with the owners of its tables (decision 150): auth and catalog. */
const q = { ...userAdmin, paySystemExists, priceTypeExists, formChoices: userFormChoices };

const notFound = () => new AppError('NOT_FOUND', 'error.notFound');

/** A user the caller may see (q.visibleUser), else NOT_FOUND. */
async function loadUser(ctx: RestContext, id: number): Promise<UserRow> {
  const row = await q.visibleUser(ctx.db, requireActor(ctx), id);
  if (!row) throw notFound();
  return row;
}

/** A user as the audit log keeps it (recordAudit masks the password hash anyway). */
const auditView = (u: UserRow) => ({
  login: u.login,
  email: u.email,
  last_name: u.last_name,
  first_name: u.first_name,
  groups: u.groups,
  approved: u.approved,
  active: u.active,
});

async function detailOf(ctx: RestContext, id: number) {
  const row = await q.userRow(ctx.db, id);
  if (!row) throw notFound();
  return (await toDetails(ctx.db, [row]))[0]!;
}

/** The last working administrator may not be removed, demoted or blocked, nor may one demote themselves. */
async function guardAdminLoss(ctx: RestContext, target: UserRow, losesAdmin: boolean): Promise<void> {
  if (!losesAdmin || !target.groups.includes('ADMINS')) return;
  if (target.id === requireActor(ctx).id) throw new AppError('CONFLICT', 'error.selfDemote');
  if ((await q.otherAdmins(ctx.db, target.id)) === 0) throw new AppError('CONFLICT', 'error.lastAdmin');
}

async function checkUnique(ctx: RestContext, values: { login?: string; email?: string }, exceptId = 0) {
  if (!values.login && !values.email) return;
  const taken = await q.takenLoginsEmails(ctx.db, values, exceptId);
  const fields: Record<string, string> = {};
  if (values.login && taken.some((t) => t.login.toLowerCase() === values.login!.toLowerCase()))
    fields.login = translate(ctx.language, 'error.loginTaken');
  if (values.email && taken.some((t) => t.email.toLowerCase() === values.email!.toLowerCase()))
    fields.email = translate(ctx.language, 'error.emailTaken');
  if (Object.keys(fields).length) throw new AppError('CONFLICT', Object.values(fields)[0]!, { fields });
}

async function checkReferences(ctx: RestContext, typePrice?: number | null, paySystemId?: number | null) {
  const fields: Record<string, string> = {};
  if (typePrice && !(await q.priceTypeExists(ctx.db, typePrice)))
    fields.typePrice = translate(ctx.language, 'validation.invalid');
  if (paySystemId && !(await q.paySystemExists(ctx.db, paySystemId)))
    fields.paySystemId = translate(ctx.language, 'validation.invalid');
  if (Object.keys(fields).length) throw new AppError('VALIDATION', 'error.validation', { fields });
}

/** Queues the message in `trx`, the change's transaction: both are saved, or neither (decision 189). */
async function mail(ctx: RestContext, trx: Db, user: UserRow, ru: { subject: string; text: string }, en: typeof ru) {
  if (!user.email) return;
  await ctx.mailer.send({ to: user.email, ...(user.language === 'en' ? en : ru) }, trx);
}

export const usersHandlers: Handlers<typeof usersMethods> = {
  /** Pending registrations first, then by the requested order (newest first by default). */
  async 'user/list'(input, ctx) {
    const { count, rows } = await q.listUsers(ctx.db, requireActor(ctx), input);
    return { count, items: await toDetails(ctx.db, rows) };
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
    const id = await ctx.db.transaction().execute(async (trx) => {
      const created = await q.insertUser(trx, {
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
        language: input.language ?? 'ru',
      });
      const { password: _password, confirmPassword: _confirm, ...after } = input;
      await recordAudit(trx, ctx, { entity: 'user', id: created, action: 'create', after });
      return created;
    });
    return detailOf(ctx, id);
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
    if (f.language !== undefined) set.language = f.language;
    if (Object.keys(set).length) {
      await ctx.db.transaction().execute(async (trx) => {
        await q.updateUser(trx, target.id, set);
        const before = Object.fromEntries(Object.keys(set).map((k) => [k, target[k as keyof UserRow]]));
        await recordAudit(trx, ctx, { entity: 'user', id: target.id, action: 'update', before, after: set });
      });
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
        await q.deleteUser(trx, target.id);
        await recordAudit(trx, ctx, { entity: 'user', id: target.id, action: 'delete', before: auditView(target) });
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
    const [prices, pays] = await q.formChoices(ctx.db);
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
      ],
    };
  },

  async 'user/approve'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.approved) throw new AppError('CONFLICT', 'error.alreadyApproved');
    await ctx.db.transaction().execute(async (trx) => {
      await q.updateUser(trx, target.id, { approved: true, active: true });
      await recordAudit(trx, ctx, {
        entity: 'user',
        id: target.id,
        action: 'approve',
        before: { approved: target.approved, active: target.active },
        after: { approved: true, active: true },
      });
      await mail(
        ctx,
        trx,
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
    });
    return detailOf(ctx, target.id);
  },

  /** Only a waiting application can be refused; the row goes away so the login and e-mail are free again. */
  async 'user/reject'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.approved) throw new AppError('CONFLICT', 'error.alreadyApproved');
    const reason = input.reason?.trim();
    await ctx.db.transaction().execute(async (trx) => {
      await q.deleteUser(trx, target.id, true);
      await recordAudit(trx, ctx, {
        entity: 'user',
        id: target.id,
        action: 'reject',
        before: { ...auditView(target), reason: reason ?? '' },
      });
      await mail(
        ctx,
        trx,
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
    });
    return { ok: true as const };
  },

  /** A blocked account cannot sign in and its sessions end at once. */
  async 'user/block'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    if (target.id === requireActor(ctx).id) throw new AppError('CONFLICT', 'error.selfAction');
    await guardAdminLoss(ctx, target, true);
    await ctx.db.transaction().execute(async (trx) => {
      await q.updateUser(trx, target.id, { active: false });
      await q.endSessions(trx, target.id);
      await recordAudit(trx, ctx, {
        entity: 'user',
        id: target.id,
        action: 'block',
        before: { active: target.active },
        after: { active: false },
      });
    });
    return detailOf(ctx, target.id);
  },

  async 'user/unblock'(input, ctx) {
    const target = await loadUser(ctx, input.id);
    await ctx.db.transaction().execute(async (trx) => {
      await q.updateUser(trx, target.id, { active: true });
      await recordAudit(trx, ctx, {
        entity: 'user',
        id: target.id,
        action: 'unblock',
        before: { active: target.active },
        after: { active: true },
      });
    });
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
    await q.updateUser(ctx.db, actor.id, {
      first_name: input.firstName,
      last_name: input.lastName,
      middle_name: input.middleName ?? actor.row.middle_name,
      phone: input.phone ?? actor.row.phone,
      city: input.city ?? actor.row.city,
      email: input.email,
      language: input.language ?? actor.row.language,
    });
    return detailOf(ctx, actor.id);
  },

  /** The current password proves it is the owner; other sessions of the account end. */
  async 'user/change-password'(input, ctx) {
    const actor = requireActor(ctx);
    if (!(await verifyPassword(await q.passwordHashOf(ctx.db, actor.id), input.currentPassword))) {
      const text = translate(ctx.language, 'error.wrongCurrentPassword');
      throw new AppError('VALIDATION', text, { fields: { currentPassword: text } });
    }
    const hash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      await q.updateUser(trx, actor.id, { password_hash: hash });
      await q.endSessions(trx, actor.id, ctx.session.sessid);
    });
    return { ok: true as const };
  },
};
