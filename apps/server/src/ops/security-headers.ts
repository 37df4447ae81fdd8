import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out ONCE from the options (decision 234). @fastify/helmet ran `helmet(options)` on
 * every request — building its middlewares and parsing the CSP directives anew — in two hooks; our options are
 * static, so the header set is too.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return [...headers];
}

/** Every answer (the API, the web app's files, errors) carries the same security headers. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet set them: an error answer keeps them too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
