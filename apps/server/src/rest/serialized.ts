/**
 * An answer that carries its own JSON (decision 250): a kept catalogue page is serialised once per catalogue
 * version, not on every call. The text rides on the answer under a symbol, so the answer stays the object the
 * contract describes (tests, the plain entities of decision 213) and `JSON.stringify` of it gives the same text.
 * The text may come as the whole body of the reply, encoded (`{"result":…}` in UTF-8), so a kept answer is not
 * even measured and encoded again per call.
 */
const JSON_TEXT = Symbol('jsonText');

type JsonText = { result: string } | { body: Buffer };

function carry<T extends object>(value: T, text: JsonText): T {
  Object.defineProperty(value, JSON_TEXT, { value: text, enumerable: false, configurable: true });
  return value;
}

/** `value` with `json` (exactly `JSON.stringify(value)`) kept beside it for the dispatcher. */
export const withJsonText = <T extends object>(value: T, json: string): T => carry(value, { result: json });

/** The whole body of the reply answering `value`, `{"result":…}` in UTF-8, built once from its JSON. */
export const jsonBodyOf = (json: string): Buffer => Buffer.from(`{"result":${json}}`);

/** `value` with the body of its reply (jsonBodyOf) kept beside it for the dispatcher. */
export const withJsonBody = <T extends object>(value: T, body: Buffer): T => carry(value, { body });

/** The reply's body for an answer that carries its JSON (withJsonText, withJsonBody), if it does. */
export function jsonReplyOf(value: unknown): string | Buffer | undefined {
  const text =
    typeof value === 'object' && value !== null ? (value as { [JSON_TEXT]?: JsonText })[JSON_TEXT] : undefined;
  if (!text) return undefined;
  return 'body' in text ? text.body : `{"result":${text.result}}`;
}
