import type { exchangeMethods } from '@portal/contract';
import { AppError, notFound } from '../../rest/app-error.js';
import { dealerCountsByPriceType } from '../auth/index.js';
import { defaultPriceTypeId, priceMappingsForAdmin, updatePriceMapping } from '../catalog/index.js';
import { requireActor, type Handlers, type RestContext } from '../../rest/context.js';
import { appendPart, cleanExchangeName } from './files.js';
import { exchangeDepsOf, followUpload, queueUpload, reportReady } from './jobs.js';
import { sessionsPage, withoutDealers } from './history.js';
import { createSession, dropSessionStage, moveReview, releaseReviewedRuns, sessionById } from './queries.js';
import type { ExchangeDeps } from './deps.js';

/**
 * The back office's exchange page (decision 097): the history, and a manual upload of import.xml /
 * offers.xml run as a job by the same bounded steps as 1C's `import` (decision 135).
 */

const depsOf = (ctx: RestContext): ExchangeDeps =>
  exchangeDepsOf(
    ctx.db,
    {
      config: ctx.config,
      storage: ctx.storage,
      mailer: ctx.mailer,
      engine: ctx.request.server.portal.database.kind,
    },
    ctx.log,
  );

async function sessionView(ctx: RestContext, id: number) {
  const page = await sessionsPage(ctx.db, { id }, { page: 1, size: 1 });
  const session = page.items[0];
  if (!session) throw notFound();
  return session;
}

export const exchangeHandlers: Handlers<typeof exchangeMethods> = {
  async 'exchange/list'(input, ctx) {
    return sessionsPage(ctx.db, { source: input.filter?.source }, input);
  },

  async 'exchange/get'(input, ctx) {
    return sessionView(ctx, input.id);
  },

  async 'exchange/upload'(_input, ctx) {
    const actor = requireActor(ctx);
    const files = ctx.files.filter((f) => f.data.length > 0);
    if (files.length === 0) throw new AppError('VALIDATION', 'error.fileRequired');
    for (const f of files) {
      if (!/\.(xml|zip)$/i.test(f.fileName)) throw new AppError('VALIDATION', 'error.fileType', { args: [f.fileName] });
    }
    const deps = depsOf(ctx);
    const { session } = await createSession(ctx.db, 'manual', ctx.ip, actor.id);
    for (const f of files) {
      const name = cleanExchangeName(f.fileName.split(/[\\/]/).pop());
      // Pieces of at most file_limit, like 1C's: the import reads them one at a time.
      const limit = ctx.config.exchange.fileLimitBytes;
      for (let at = 0; at < f.data.length; at += limit) {
        await appendPart(
          ctx.db,
          deps.store,
          session.id,
          name,
          f.data.subarray(at, at + limit),
          ctx.config.exchange.maxFileBytes,
        );
      }
    }
    // The dry run runs as a job (decisions 135, 197); `exchange/continue` follows it.
    await queueUpload(ctx.db, session);
    return sessionView(ctx, session.id);
  },

  async 'exchange/price-mapping/list'(_input, ctx) {
    const [list, dealers, fallback] = await Promise.all([
      priceMappingsForAdmin(ctx.db),
      dealerCountsByPriceType(ctx.db),
      defaultPriceTypeId(ctx.db),
    ]);
    return { ...list, withoutDealers: withoutDealers(list, dealers, fallback) };
  },

  async 'exchange/price-mapping/update'(input, ctx) {
    return updatePriceMapping(ctx.db, input.id, { priceTypeId: input.priceTypeId, paySystemId: input.paySystemId });
  },

  async 'exchange/continue'(input, ctx) {
    const session = await sessionById(ctx.db, input.id);
    if (!session || session.source !== 'manual') throw notFound();
    const answer = await followUpload(ctx.db, ctx.config, session);
    const now = await sessionView(ctx, session.id);
    return {
      // The dry run's report is ready: the upload waits for a confirmation (decision 197).
      state: answer.kind === 'success' && now.review === 'pending' ? 'review' : answer.kind,
      message: answer.message,
      session: now,
    };
  },

  async 'exchange/confirm'(input, ctx) {
    const session = await sessionById(ctx.db, input.id);
    if (!session || session.source !== 'manual') throw notFound();
    if (session.review === 'pending') {
      if (!(await reportReady(ctx.db, session))) throw new AppError('CONFLICT', 'error.exchangeReportNotReady');
      // One of two confirmations at once moves the review; the other finds it confirmed and answers the same.
      if (await moveReview(ctx.db, session.id, 'confirmed')) {
        await releaseReviewedRuns(ctx.db, session.id, 'confirmed');
        await queueUpload(ctx.db, { id: session.id, review: 'confirmed' });
      }
    }
    const now = await sessionById(ctx.db, session.id);
    if (now?.review !== 'confirmed') throw new AppError('CONFLICT', 'error.exchangeReviewClosed');
    return sessionView(ctx, session.id);
  },

  async 'exchange/discard'(input, ctx) {
    const session = await sessionById(ctx.db, input.id);
    if (!session || session.source !== 'manual') throw notFound();
    if (session.review === 'pending') {
      if (!(await reportReady(ctx.db, session))) throw new AppError('CONFLICT', 'error.exchangeReportNotReady');
      if (await moveReview(ctx.db, session.id, 'discarded')) {
        await releaseReviewedRuns(ctx.db, session.id, 'discarded');
        await dropSessionStage(ctx.db, session.id);
      }
    }
    const now = await sessionById(ctx.db, session.id);
    if (now?.review !== 'discarded') throw new AppError('CONFLICT', 'error.exchangeReviewClosed');
    return sessionView(ctx, session.id);
  },
};
