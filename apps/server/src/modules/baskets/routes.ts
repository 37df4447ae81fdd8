import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../files/index.js';
import { basketTemplate } from './spreadsheet.js';

/** GET /upload/main/templateBasket.xlsx: served by the basket module that builds it (docs/architecture.md). */
export function registerBasketTemplateRoute(app: FastifyInstance): void {
  // The blank basket template of docs/spec/03-entities.md, a real spreadsheet made once per process.
  let template: Buffer | null = null;
  app.get('/upload/main/templateBasket.xlsx', async (_request, reply) => {
    template ??= await basketTemplate();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition('attachment', 'templateBasket.xlsx'))
      .header('x-content-type-options', 'nosniff')
      .send(template);
  });
}
