import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { webDist: path.resolve(here, '../../web/dist') });

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Dealer portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${app.portal.database.kind})`,
);

// Graceful shutdown: stop accepting, let in-flight calls finish, close the database cleanly.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
