import { parentPort } from 'node:worker_threads';
import { AppError } from '../../rest/app-error.js';
import { readSpreadsheet } from './spreadsheet.js';

/** What a worker answers: the lines, or the AppError that refused the file (errors do not cross threads). */
export type WorkerAnswer =
  | { ok: true; result: Awaited<ReturnType<typeof readSpreadsheet>> }
  | { ok: false; code: AppError['code']; message: string; args?: Array<string | number> };

parentPort?.on('message', (bytes: Uint8Array) => {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  readSpreadsheet(data).then(
    (result) => parentPort?.postMessage({ ok: true, result } satisfies WorkerAnswer),
    (err: unknown) => {
      const answer: WorkerAnswer =
        err instanceof AppError
          ? { ok: false, code: err.code, message: err.message, args: err.extra.args }
          : { ok: false, code: 'VALIDATION', message: 'error.fileUnreadable' };
      parentPort?.postMessage(answer);
    },
  );
});
