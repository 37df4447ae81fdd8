import { inLanguage, type catalogMethods } from '@portal/contract';
import { notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { pageOf } from '../../rest/paging.js';
import { isStaff } from '../auth/index.js';
import { productId } from '../catalog/index.js';
import { orderedQuantities, shippingRows } from './heads.js';

/**
 * Two methods the contract files under the catalogue that read the orders' tables (ordered quantities of a
 * product, the shipping methods): bound by orders, the module that owns the data and sits above the catalogue
 * (docs/architecture.md, "Floors").
 */
export const catalogOrderHandlers: Handlers<
  Pick<typeof catalogMethods, 'product/get-kolichestvo-zakazannykh-tovarov' | 'shipping/list'>
> = {
  async 'product/get-kolichestvo-zakazannykh-tovarov'(input, ctx) {
    const actor = requireActor(ctx);
    const product = await productId(ctx.db, input.id);
    if (!product) throw notFound();
    // A dealer sees the quantities of their own orders; staff see everyone's.
    return { items: await orderedQuantities(ctx.db, product.id, isStaff(actor) ? null : actor.id) };
  },

  async 'shipping/list'(input, ctx) {
    const rows = await shippingRows(ctx.db);
    return {
      count: rows.length,
      items: pageOf(rows, input).map((r) => ({
        id: r.id,
        name: inLanguage(r.name, r.name_en, ctx.language),
        isPickup: r.is_pickup,
      })),
    };
  },
};
