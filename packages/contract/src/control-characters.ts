import type { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return (decision 052). Nobody types them; U+0000
 * cannot even be stored (PostgreSQL: `invalid byte sequence for encoding "UTF8": 0x00`). Text fields keep
 * tabs and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/**
 * A UTF-16 surrogate that is not half of a pair (decision 188): JSON's `"\ud800"` arrives so through
 * JSON.parse. It is no character at all: `encodeURIComponent` throws on it and PostgreSQL refuses it in a
 * JSON value. Written without a lookbehind (and without the `u` flag, so it sees code units) for every
 * browser the web app targets.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The text with every lone surrogate replaced by U+FFFD (what `String.prototype.toWellFormed` does, which the
 * ES2022 library types do not declare): for text that must become a URL or a key whatever it holds.
 */
export function wellFormedText(text: string): string {
  if (!LONE_SURROGATE.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else out += '\ufffd';
    } else out += unit >= 0xdc00 && unit <= 0xdfff ? '\ufffd' : text[i];
  }
  return out;
}

/** The message key a text earns by what it holds, or null when it may be stored (decisions 052, 188). */
export function textFault(text: string): 'validation.controlCharacter' | 'validation.illFormedText' | null {
  if (CONTROL_CHARACTERS.test(text)) return 'validation.controlCharacter';
  if (LONE_SURROGATE.test(text)) return 'validation.illFormedText';
  return null;
}

export interface TextFault {
  path: Array<string | number>;
  message: NonNullable<ReturnType<typeof textFault>>;
}

/** The first string in `value` (at any depth, keys included) that holds a control character or a lone surrogate. */
export function textFaultOf(value: unknown, path: Array<string | number> = []): TextFault | null {
  if (typeof value === 'string') {
    const message = textFault(value);
    return message ? { path, message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = textFaultOf(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value instanceof Date) return null;
  for (const [key, item] of Object.entries(value)) {
    const message = textFault(key);
    if (message) return { path: [...path, key], message };
    const found = textFaultOf(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * The schema, refusing any string of its parsed value (keys included, at any depth) that holds a control
 * character (`validation.controlCharacter`, decision 052) or a lone surrogate (`validation.illFormedText`,
 * decision 188), on that field. The server parses every method's input through `checkedInput` (method.ts),
 * so no method's text reaches the database, a URL or a JSON payload with one.
 */
export function withCleanText<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const fault = textFaultOf(value);
    if (fault) ctx.addIssue({ code: 'custom', path: fault.path, message: fault.message, input: value });
  }) as S;
}
