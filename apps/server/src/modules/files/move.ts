import type { Db } from '../../db/database.js';
import type { FileStorage } from '../../storage/index.js';
import { keysPage } from './queries.js';

export interface MoveReport {
  copied: number;
  alreadyThere: number;
  /** Keys the database names that neither store holds (reported, never invented). */
  missing: string[];
  removed: number;
}

/**
 * Copies every object of one store into another (local disk → S3), then checks that every key the files
 * table names is in the target. Objects already in the target with the same bytes are skipped, so the
 * command can be run again after an interruption. With `removeSource`, the source copies go only after the
 * check found nothing missing.
 */
export async function moveFilesToStore(
  db: Db,
  from: FileStorage,
  to: FileStorage,
  options: { removeSource?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const report: MoveReport = { copied: 0, alreadyThere: 0, missing: [], removed: 0 };
  const moved: string[] = [];
  for await (const key of from.list('')) {
    if (key.startsWith('_probe/')) continue;
    const data = await from.get(key);
    const there = await to.get(key).catch(() => null);
    if (there && there.equals(data)) report.alreadyThere++;
    else {
      await to.put(key, data);
      report.copied++;
      if (report.copied % 500 === 0) log(`${report.copied} copied`);
    }
    moved.push(key);
  }
  let after = 0;
  for (;;) {
    const rows = await keysPage(db, after, 1000);
    if (rows.length === 0) break;
    for (const row of rows) {
      for (const key of [row.storage_key, row.preview_key]) {
        if (key && !(await to.exists(key))) report.missing.push(key);
      }
    }
    after = rows.at(-1)!.id;
  }
  if (options.removeSource && report.missing.length === 0) {
    for (const key of moved) {
      await from.delete(key);
      report.removed++;
    }
  }
  return report;
}
