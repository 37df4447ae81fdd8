// The entry of an import worker thread (import-pool.ts): TypeScript through tsx, as the server itself runs.
// Under `tsx` or `node --import tsx` the loader is inherited already; registering again is harmless.
import { register } from 'tsx/esm/api';

register();
// @ts-expect-error TS5097: tsx (registered above) loads the TypeScript source itself at run time.
await import('./import-worker.ts');
