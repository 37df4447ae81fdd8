/**
 * A real server process for tests that must watch the process itself (a lost database connection must not
 * kill it): the app of `main.ts` without the web build, listening on PORT (0 = any free port), which it
 * prints as `listening <port>` on stdout.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { exitOnSignals } from '../ops/shutdown.js';

const app = await buildApp(loadConfig(process.env));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
exitOnSignals(app);
