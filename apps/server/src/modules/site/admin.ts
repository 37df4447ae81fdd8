import type { SiteSettings, SiteSettingsAdmin, siteAdminMethods } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { invalidFields } from '../../rest/app-error.js';
import type { Handlers, RestContext } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { hashPassword } from '../auth/index.js';
import {
  paySystemsForSettings,
  priceMappingsForSettings,
  priceTypesForSettings,
  renamePriceType,
  setPriceMappingTarget,
  updatePaySystem,
} from '../catalog/index.js';
import {
  deleteSetting,
  lockMainSettings,
  mainSettingsRow,
  putSetting,
  readExchangeUser,
  readSiteSettings,
  readStaffEmail,
  type StoredExchangeUser,
} from '../settings/index.js';

/**
 * The back office's site settings (decision 120). One row `main` holds the settings every page reads
 * (decision 063 put the supplier's requisites there too); the row `exchange` holds the 1C exchange user;
 * payment methods, price types and the 1C price mappings (decision 095) are the catalogue's tables.
 */

async function adminView(db: Db, ctx: RestContext): Promise<SiteSettingsAdmin> {
  const [settings, paySystems, priceTypes, priceMappings, stored, staffEmail] = await Promise.all([
    readSiteSettings(db, ctx.config),
    paySystemsForSettings(db),
    priceTypesForSettings(db),
    priceMappingsForSettings(db),
    readExchangeUser(db),
    readStaffEmail(db),
  ]);
  const env = ctx.config.exchange;
  return {
    settings,
    staffEmail,
    paySystems,
    priceTypes: priceTypes.map((p) => ({ id: p.id, code: p.code, name: p.name, isDefault: p.is_default })),
    priceMappings: priceMappings.map((m) => ({
      id: m.id,
      externalId: m.external_id,
      externalName: m.external_name,
      priceTypeId: m.price_type_id,
      paySystemId: m.pay_system_id,
    })),
    exchange: stored
      ? { login: stored.login, hasPassword: true, source: 'settings' }
      : env.login && env.password
        ? { login: env.login, hasPassword: true, source: 'environment' }
        : { login: '', hasPassword: false, source: 'none' },
  };
}

/** The settings the public page data carries, as stored: what the administrator has set. */
async function storedMain(db: Db): Promise<Partial<SiteSettings>> {
  const row = await mainSettingsRow(db);
  return (row?.value ?? {}) as Partial<SiteSettings>;
}

export const siteAdminHandlers: Handlers<typeof siteAdminMethods> = {
  'site-settings/get': (_input, ctx) => adminView(ctx.db, ctx),

  /** Everything in one transaction, audited; the next page load of every user reads the new values. */
  async 'site-settings/update'(input, ctx) {
    await ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Db;
      // The settings row first: it is locked for the transaction, so two saves do not interleave.
      await lockMainSettings(db);
      const before = await storedMain(db);
      const after = {
        ...before,
        siteName: input.siteName,
        logo: input.logo,
        // One phone, the supplier's (decision 190); written under the old key too while instances of the
        // previous version, which read it for the footer, may still run (docs/migrations.md, expand step).
        phone: input.supplier.phone,
        email: input.email,
        feedbackEmail: input.feedbackEmail,
        copyright: input.copyright,
        basketLinkTemplate: input.basketLinkTemplate,
        supplier: input.supplier,
        thresholds: input.thresholds,
        returnDays: input.returnDays,
        orderTidingsMinutes: input.orderTidingsMinutes ?? before.orderTidingsMinutes,
        creditRule: input.creditRule ?? before.creditRule,
        employeeDiscountLimitPercent: input.employeeDiscountLimitPercent ?? before.employeeDiscountLimitPercent,
      };
      await putSetting(db, 'main', after);
      await recordAudit(db, ctx, { entity: 'site-settings', id: 'main', action: 'update', before, after });
      // The general staff address in its own row (decision 227): `main` is public page data.
      const staffBefore = await readStaffEmail(db);
      if (input.staffEmail !== undefined && input.staffEmail !== staffBefore) {
        await putSetting(db, 'staff', { email: input.staffEmail });
        await recordAudit(db, ctx, {
          entity: 'site-settings',
          id: 'staff',
          action: 'update',
          before: { staffEmail: staffBefore },
          after: { staffEmail: input.staffEmail },
        });
      }

      const fields: Record<string, string> = {};
      const pays = (await paySystemsForSettings(db)).map(({ id, name, description, active }) => ({
        id,
        name,
        description,
        active,
      }));
      const payById = new Map(pays.map((p) => [p.id, p]));
      input.paySystems.forEach((p, i) => {
        if (!payById.has(p.id)) fields[`paySystems.${i}.id`] = 'error.paySystemNotFound';
      });
      const types = (await priceTypesForSettings(db)).map(({ id, name }) => ({ id, name }));
      const typeById = new Map(types.map((t) => [t.id, t]));
      input.priceTypes.forEach((p, i) => {
        if (!typeById.has(p.id)) fields[`priceTypes.${i}.id`] = 'error.priceTypeNotFound';
      });
      const maps = await priceMappingsForSettings(db);
      const mapById = new Map(maps.map((m) => [m.id, m]));
      input.priceMappings.forEach((m, i) => {
        if (!mapById.has(m.id)) fields[`priceMappings.${i}.id`] = 'error.priceMappingNotFound';
        if (m.priceTypeId !== null && !typeById.has(m.priceTypeId))
          fields[`priceMappings.${i}.priceTypeId`] = 'error.priceTypeNotFound';
        if (m.paySystemId !== null && !payById.has(m.paySystemId))
          fields[`priceMappings.${i}.paySystemId`] = 'error.paySystemNotFound';
      });
      if (Object.keys(fields).length > 0) throw invalidFields(ctx.language, fields);

      for (const p of input.paySystems) {
        const old = payById.get(p.id)!;
        if (old.name === p.name && old.description === p.description && old.active === p.active) continue;
        await updatePaySystem(db, p.id, { name: p.name, description: p.description, active: p.active });
        await recordAudit(db, ctx, { entity: 'pay-system', id: p.id, action: 'update', before: old, after: p });
      }
      for (const p of input.priceTypes) {
        const old = typeById.get(p.id)!;
        if (old.name === p.name) continue;
        await renamePriceType(db, p.id, p.name);
        await recordAudit(db, ctx, { entity: 'price-type', id: p.id, action: 'update', before: old, after: p });
      }
      for (const m of input.priceMappings) {
        const old = mapById.get(m.id)!;
        if (old.price_type_id === m.priceTypeId && old.pay_system_id === m.paySystemId) continue;
        await setPriceMappingTarget(db, m.id, { priceTypeId: m.priceTypeId, paySystemId: m.paySystemId });
        await recordAudit(db, ctx, {
          entity: 'price-mapping',
          id: m.id,
          action: 'update',
          before: { priceTypeId: old.price_type_id, paySystemId: old.pay_system_id },
          after: { priceTypeId: m.priceTypeId, paySystemId: m.paySystemId },
        });
      }

      // The 1C exchange user: an empty login removes the page's user (the environment's applies again).
      const oldUser = await readExchangeUser(db);
      if (input.exchange.login === '') {
        if (oldUser) {
          await deleteSetting(db, 'exchange');
          await recordAudit(db, ctx, { entity: 'exchange-user', id: 'exchange', action: 'delete', before: oldUser });
        }
      } else if (input.exchange.password !== '' || oldUser?.login !== input.exchange.login) {
        if (input.exchange.password === '' && !oldUser)
          throw invalidFields(ctx.language, { 'exchange.password': 'validation.required' });
        const next: StoredExchangeUser = {
          login: input.exchange.login,
          passwordHash: input.exchange.password ? await hashPassword(input.exchange.password) : oldUser!.passwordHash,
        };
        await putSetting(db, 'exchange', next);
        await recordAudit(db, ctx, {
          entity: 'exchange-user',
          id: 'exchange',
          action: oldUser ? 'update' : 'create',
          before: oldUser,
          after: next,
        });
      }
    });
    return adminView(ctx.db, ctx);
  },
};
