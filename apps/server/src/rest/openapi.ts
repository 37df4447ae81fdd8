import { openApiDocument } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /rest/openapi.json`: the OpenAPI 3.1 description of every `/rest/` method, inputs and results,
 * generated from the contract once per process (decision 211). Public: it tells nothing a method would not.
 */
export function registerOpenApi(app: FastifyInstance): void {
  let body: string | null = null;
  app.get('/rest/openapi.json', async (_request, reply) => {
    body ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });
}
