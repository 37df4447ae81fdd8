/**
 * An answer that carries its own JSON (decision 250): a kept catalogue page is serialised once per catalogue
 * version, not on every call. The text rides on the answer under a symbol, so the answer stays the object the
 * contract describes (tests, the plain entities of decision 213) and `JSON.stringify` of it gives the same text.
 * It is the whole body of the reply, encoded (`{"result":…}` in UTF-8), so a kept answer is not even measured
 * and encoded again per call.
 */
const JSON_BODY = Symbol('jsonBody');

/** `value` with the body of its reply (`{"result":…}` in UTF-8, exactly `JSON.stringify({ result: value })`). */
export function withJsonBody<T extends object>(value: T, body: Buffer): T {
  Object.defineProperty(value, JSON_BODY, { value: body, enumerable: false, configurable: true });
  return value;
}

/** The body of the reply to `{"result":json}` in UTF-8, for withJsonBody. */
export const jsonBodyOf = (json: string): Buffer => Buffer.from(`{"result":${json}}`);

/** The reply's body an answer carries (withJsonBody), if it does. */
export function jsonReplyOf(value: unknown): Buffer | undefined {
  return typeof value === 'object' && value !== null ? (value as { [JSON_BODY]?: Buffer })[JSON_BODY] : undefined;
}
