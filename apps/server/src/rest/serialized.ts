/**
 * An answer that carries its own JSON (decision 250): a kept catalogue page is serialised once per catalogue
 * version, not on every call. The text rides on the answer under a symbol, so the answer stays the object the
 * contract describes (tests, the plain entities of decision 213) and `JSON.stringify` of it gives the same text.
 */
const JSON_TEXT = Symbol('jsonText');

/** `value` with `json` (exactly `JSON.stringify(value)`) kept beside it for the dispatcher. */
export function withJsonText<T extends object>(value: T, json: string): T {
  Object.defineProperty(value, JSON_TEXT, { value: json, enumerable: false, configurable: true });
  return value;
}

/** The JSON an answer carries (withJsonText), if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null
    ? ((value as { [JSON_TEXT]?: string })[JSON_TEXT] ?? undefined)
    : undefined;
}
