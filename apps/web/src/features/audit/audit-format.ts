import type { AuditEntry } from '@portal/contract';
import { formatDate } from '../../lib/format';

/** A translation of the audit namespace (`t` of `useTranslation('audit')`). */
export type AuditT = (key: string, options?: Record<string, unknown>) => string;

/** Names of the ids an entry may hold (`audit/list`'s `names`): price types and payment methods. */
export interface AuditNames {
  priceTypes: Record<string, string>;
  paySystems: Record<string, string>;
}
const PRICE_TYPE_FIELDS = new Set(['priceTypeId', 'typePrice']);
const PAY_SYSTEM_FIELDS = new Set(['paySystemId']);

/** One changed field as the log shows it: its name and its values, null where the side has none. */
export interface AuditChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nested values (the supplier's requisites, a storage's pictures) are compared field by field, this deep. */
const MAX_DEPTH = 3;
const MAX_TEXT = 300;

/** Every leaf of a value under its path: `supplier.phone`, `signers.2.name`; arrays of plain values stay whole. */
function flatten(value: unknown, path: string[], out: Map<string, { path: string[]; value: unknown }>, depth = 0) {
  if (isPlain(value) && depth < MAX_DEPTH && (depth === 0 || Object.keys(value).length > 0)) {
    for (const [k, v] of Object.entries(value)) flatten(v, [...path, k], out, depth + 1);
    return;
  }
  if (Array.isArray(value) && depth < MAX_DEPTH && value.some(isPlain)) {
    value.forEach((v, i) => flatten(v, [...path, String(i + 1)], out, depth + 1));
    return;
  }
  out.set(path.join('\u0000'), { path, value });
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The name of a field in the interface language; a key the locale does not know is shown as it is. */
function labelOf(path: string[], t: AuditT): string {
  const parts: string[] = [];
  for (const [i, segment] of path.entries()) {
    if (/^\d+$/.test(segment)) {
      parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''} № ${segment}`.trim();
      continue;
    }
    // The order desk's keys name their line or correction (orders/desk-handlers.ts auditOf).
    const line = i === 0 ? /^line (.+)$/.exec(segment) : null;
    const correction = i === 0 ? /^correction (\d+)$/.exec(segment) : null;
    const price = i === 0 ? /^price (.+)$/.exec(segment) : null;
    if (line) parts.push(t('fields.line', { article: line[1] }));
    else if (price) parts.push(t('fields.linePrice', { article: price[1] }));
    else if (correction) parts.push(t('fields.correction', { id: correction[1] }));
    else parts.push(t(`fields.${camel(segment)}`, { defaultValue: segment }));
  }
  return parts.join(' › ');
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** HTML (a news text, a page) as the words a reader sees, cut to a readable length. */
function plainText(text: string): string {
  const plain = /<[a-z][^>]*>/i.test(text)
    ? text
        .replace(/<[^>]+>/g, ' ')
        .replace(/&(nbsp|amp|lt|gt|quot);/g, (m) => ENTITIES[m] ?? m)
        .replace(/\s+/g, ' ')
        .trim()
    : text;
  return plain.length > MAX_TEXT ? `${plain.slice(0, MAX_TEXT)}…` : plain;
}

/** A value as a person reads it: Да/Нет, dates in the interface's form, group and language names, plain text. */
export function readableValue(value: unknown, path: string[], t: AuditT, names?: AuditNames): string {
  const field = camel(path.filter((s) => !/^\d+$/.test(s)).at(-1) ?? '');
  if (value === null || value === undefined || value === '') return t('values.empty');
  if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
  if (typeof value === 'number') {
    const named = PRICE_TYPE_FIELDS.has(field)
      ? names?.priceTypes[String(value)]
      : PAY_SYSTEM_FIELDS.has(field)
        ? names?.paySystems[String(value)]
        : undefined;
    return named ?? String(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? t('values.empty') : value.map((v) => readableValue(v, path, t, names)).join(', ');
  }
  if (typeof value !== 'string') return plainText(JSON.stringify(value));
  if (value === '••••') return t('values.secret');
  if (field === 'groups' || field === 'language') return t(`values.${value}`, { defaultValue: value });
  if (/^correction /.test(path[0] ?? '')) {
    const [decision = '', ...reason] = value.split(': ');
    const name = t(`values.${decision}`, { defaultValue: decision });
    return reason.length ? `${name}: ${reason.join(': ')}` : name;
  }
  if (field === 'bill' && value === 'generated') return t('values.generated');
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, true);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return plainText(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * What an entry changed, field by field (decision 194): for an update only the fields whose values differ,
 * nested ones included; for a create the values written, for a delete the values removed (blank ones left
 * out); the record's own id is never a change.
 */
export function auditChanges(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  t: AuditT,
  names?: AuditNames,
): AuditChange[] {
  const before = new Map<string, { path: string[]; value: unknown }>();
  const after = new Map<string, { path: string[]; value: unknown }>();
  if (entry.before) flatten(entry.before, [], before);
  if (entry.after) flatten(entry.after, [], after);
  const update = entry.before !== null && entry.after !== null;
  const changes: AuditChange[] = [];
  for (const key of new Set([...after.keys(), ...before.keys()])) {
    const b = before.get(key);
    const a = after.get(key);
    const path = (a ?? b)!.path;
    if (path.length === 1 && path[0] === 'id') continue;
    if (update ? same(b?.value, a?.value) : isBlank((a ?? b)!.value)) continue;
    changes.push({
      key,
      label: labelOf(path, t),
      before: entry.before ? readableValue(b?.value, path, t, names) : null,
      after: entry.after ? readableValue(a?.value, path, t, names) : null,
    });
  }
  return changes;
}

/** The content back office's section of each content entity (`/admin/content/{section}/`). */
const CONTENT_SECTIONS: Record<string, string> = {
  news: 'news',
  banner: 'banners',
  faq: 'faq',
  page: 'pages',
  storage: 'storages',
  contact: 'contacts',
  department: 'departments',
  form: 'forms',
};
const SETTINGS = new Set(['site-settings', 'pay-system', 'price-type', 'price-mapping', 'exchange-user']);

/**
 * Where the entry's object is opened, or null: an order on the desk, a user's card, content in its section
 * of the back office, the settings page for the settings' parts. A deleted record has no page to open.
 */
export function objectPath(entry: Pick<AuditEntry, 'entity' | 'entityId' | 'after'>): string | null {
  const id = entry.entityId ?? '';
  const numeric = /^\d+$/.test(id);
  if (SETTINGS.has(entry.entity)) return '/admin/settings/';
  if (entry.after === null) return null;
  if (entry.entity === 'desk-order' && numeric) return `/desk/order/${id}/`;
  if (entry.entity === 'user' && numeric) return `/user/${id}/`;
  const section = CONTENT_SECTIONS[entry.entity];
  return section ? `/admin/content/${section}/` : null;
}

/** The object's own name, when the entry carries it: a title, a name, a login. */
export function objectTitle(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  for (const side of [entry.after, entry.before]) {
    for (const key of ['title', 'name', 'login', 'question', 'url', 'code']) {
      const v = side?.[key];
      if (typeof v === 'string' && v.trim()) return plainText(v.trim());
    }
  }
  return '';
}
