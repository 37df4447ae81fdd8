import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { exitOnSignals } from './ops/shutdown.js';

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

exitOnSignals(app);
