import type { Db } from '../../db/database.js';
import { insertAuditEntry } from './queries.js';

/** Who writes: anything with the signed-in actor (a RestContext will do), or null for the portal itself. */
export interface AuditWho {
  actor: { id: number; login: string } | null;
  ip?: string;
}

export interface AuditEntry {
  /** The contract entity written: `desk-order`, `news`, `banner`, `site-settings`, `user`… */
  entity: string;
  id?: number | string | null;
  /** `create`, `update`, `delete`, or a verb of the entity (`status`, `bill`, `correction`…). */
  action: string;
  /** The values before the write (null for a create) and after it (null for a delete). */
  before?: unknown;
  after?: unknown;
}

/** Fields whose values never go into the log, only the fact that they changed. */
const SECRET = /pass|hash|secret|token|sessid|code_?hash/i;
const MAX_TEXT = 4000;

/** A value as the log keeps it: plain JSON, secrets masked, long texts cut. */
function clean(value: unknown, mask: boolean, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => clean(v, mask, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined || typeof v === 'function') continue;
      out[k] = mask && SECRET.test(k) ? '••••' : clean(v, mask, depth + 1);
    }
    return out;
  }
  return String(value);
}

const asObject = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : { value: v };

/**
 * Records one back-office write (decision 101). Call it with the write's own transaction, so
 * a write that rolls back leaves no line and a line never exists without its write. For an update, only the
 * keys whose values differ are kept on both sides; an update that changed nothing records nothing.
 */
export async function recordAudit(db: Db, who: AuditWho, entry: AuditEntry): Promise<void> {
  // Compared before secrets are masked, so a changed password still shows as changed.
  let before = asObject(clean(entry.before, false));
  let after = asObject(clean(entry.after, false));
  if (before && after) {
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null)) {
        b[k] = before[k] ?? null;
        a[k] = after[k] ?? null;
      }
    }
    if (Object.keys(a).length === 0) return;
    before = b;
    after = a;
  }
  await insertAuditEntry(db, {
    user_id: who.actor?.id ?? null,
    user_login: who.actor?.login ?? '',
    ip: who.ip ?? '',
    entity: entry.entity,
    entity_id: entry.id === undefined || entry.id === null ? null : String(entry.id),
    action: entry.action,
    before: before === null ? null : JSON.stringify(clean(before, true)),
    after: after === null ? null : JSON.stringify(clean(after, true)),
  });
}
