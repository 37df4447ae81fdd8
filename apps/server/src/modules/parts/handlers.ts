import { translate, type partsMethods, type ProductReplacements } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../rest/app-error.js';
import { requireActor, type Handlers } from '../../rest/context.js';
import { recordAudit } from '../audit/index.js';
import { activeProductNumber } from '../catalog/index.js';
import { ownFile, readStoredFile } from '../files/index.js';
import { importReplacementSheet } from './spreadsheet-links.js';
import * as q from './queries.js';

/** The product card's replacements: what replaces it now, the older numbers, every link naming it. */
async function replacementsView(db: Db, id: number): Promise<ProductReplacements> {
  const product = await activeProductNumber(db, id);
  if (!product) throw notFound();
  const [current, older, links] = await Promise.all([
    q.lookupReplacements(db, [product.article_key]),
    q.olderNumbers(db, product.article_key),
    q.linksOfNumber(db, product.article_key),
  ]);
  const ids = await q.productIdsByKeys(
    db,
    links.flatMap((l) => [l.old_article_key, l.new_article_key]),
  );
  return {
    id: product.id,
    article: product.article,
    current: current.get(product.article_key) ?? [],
    older,
    links: links.map((l) => ({
      id: l.id,
      oldArticle: l.old_article,
      oldBrand: l.old_brand,
      oldProductId: ids.get(l.old_article_key) ?? null,
      newArticle: l.new_article,
      newBrand: l.new_brand,
      newProductId: ids.get(l.new_article_key) ?? null,
      kind: l.kind,
      ratio: l.ratio,
      effectiveFrom: l.effective_from,
      source: l.source,
    })),
  };
}

export const partsHandlers: Handlers<typeof partsMethods> = {
  'product/replacements': (input, ctx) => replacementsView(ctx.db, input.id),

  async 'product/replacements-update'(input, ctx) {
    const product = await activeProductNumber(ctx.db, input.id);
    if (!product) throw notFound();
    const links = input.links.map((l) => ({
      oldArticle: product.article,
      oldBrand: product.brand,
      newArticle: l.article,
      newBrand: l.brand,
      kind: l.kind,
      ratio: l.kind === 'REPLACED' ? l.ratio : 1,
      effectiveFrom: l.effectiveFrom,
      carrier: product.article,
    }));
    const self = input.links.findIndex((l) => q.sameNumber(l.article, product.article));
    if (self >= 0)
      throw new AppError('VALIDATION', 'error.replacementSelf', {
        fields: { [`links.${self}.article`]: 'error.replacementSelf' },
      });
    await ctx.db.transaction().execute(async (trx) => {
      await q.lockReplacements(trx);
      const before = await q.linksOfNumber(trx, product.article_key);
      const { loops } = await q.replaceCarriedLinks(trx, 'MANUAL', [product.article_key], links);
      const loop = loops[0];
      if (loop) throw new AppError('CONFLICT', 'error.replacementLoop', { args: [loop.oldArticle, loop.newArticle] });
      await recordAudit(trx, ctx, {
        entity: 'product-replacements',
        id: product.id,
        action: 'update',
        before: { links: before.filter((l) => l.source === 'MANUAL' && l.carrier_key === product.article_key) },
        after: { links: input.links },
      });
    });
    return replacementsView(ctx.db, product.id);
  },

  async 'product/replacements-import'(input, ctx) {
    const actor = requireActor(ctx);
    const file = await ownFile(ctx.db, actor.id, input.fileId);
    const report = await importReplacementSheet(ctx.db, await readStoredFile(ctx.storage, file.storage_key));
    await recordAudit(ctx.db, ctx, {
      entity: 'product-replacements',
      id: input.fileId,
      action: 'import',
      after: { rows: report.rows, written: report.written, refused: report.refused.length },
    });
    return {
      rows: report.rows,
      written: report.written,
      refused: report.refused.map(({ reason, ...r }) => ({
        ...r,
        message: translate(ctx.language, reason, r.oldArticle, r.newArticle),
      })),
    };
  },
};
