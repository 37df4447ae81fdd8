import type { PriceMapping } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import './tables.js';

/**
 * The back office's side of the price mappings (decision 095): where each 1C price type's prices go. The
 * exchange reads them at its next import of prices (`loadPriceMappings`).
 */

const view = (r: {
  id: number;
  external_id: string;
  external_name: string;
  price_type_id: number | null;
  pay_system_id: number | null;
}): PriceMapping => ({
  id: r.id,
  externalId: r.external_id,
  externalName: r.external_name,
  priceTypeId: r.price_type_id,
  paySystemId: r.pay_system_id,
});

const columns = ['id', 'external_id', 'external_name', 'price_type_id', 'pay_system_id'] as const;

/** The mappings (one per 1C price type met), and what they may point at. */
export async function priceMappingsForAdmin(db: Db) {
  const [items, priceTypes, paySystems] = await Promise.all([
    db.selectFrom('price_mappings').select(columns).orderBy('id').execute(),
    db.selectFrom('price_types').select(['id', 'name']).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('pay_systems')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  ]);
  return { items: items.map(view), priceTypes, paySystems };
}

/**
 * Points a 1C price type at a portal price type and a payment method (null: every one). Two 1C price types
 * may not write the very same cell; a mapping to every payment method yields the cells others claim.
 */
export async function updatePriceMapping(
  db: Db,
  id: number,
  target: { priceTypeId: number | null; paySystemId: number | null },
): Promise<PriceMapping> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('price_mappings')
      .select(columns)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const priceTypeId = target.priceTypeId;
    const paySystemId = priceTypeId === null ? null : target.paySystemId;
    if (priceTypeId !== null) {
      const type = await trx.selectFrom('price_types').select('id').where('id', '=', priceTypeId).executeTakeFirst();
      const pay =
        paySystemId === null
          ? true
          : await trx.selectFrom('pay_systems').select('id').where('id', '=', paySystemId).executeTakeFirst();
      if (!type || !pay) throw new AppError('VALIDATION', 'error.priceMappingTarget');
      const rival = await trx
        .selectFrom('price_mappings')
        .select('external_name')
        .where('id', '<>', id)
        .where('price_type_id', '=', priceTypeId)
        .where((eb) => (paySystemId === null ? eb('pay_system_id', 'is', null) : eb('pay_system_id', '=', paySystemId)))
        .executeTakeFirst();
      if (rival) throw new AppError('CONFLICT', 'error.priceMappingCell', { args: [rival.external_name] });
    }
    const updated = await trx
      .updateTable('price_mappings')
      .set({ price_type_id: priceTypeId, pay_system_id: paySystemId, updated_at: new Date() })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return view(updated);
  });
}
