import type { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return (issue 10.6). Nobody types them; U+0000
 * cannot even be stored (PostgreSQL: `invalid byte sequence for encoding "UTF8": 0x00`). Text fields keep
 * tabs and line breaks.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The path of the first string in `value` (at any depth) that holds a control character, or null. */
export function controlCharacterPath(value: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value instanceof Date) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return [...path, key];
    const found = controlCharacterPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * The schema, refusing any string of its parsed value (keys included, at any depth) that holds a control
 * character: `validation.controlCharacter` on that field. The server parses every method's input through
 * `checkedInput` (method.ts), so no method's text reaches the database with one.
 */
export function withoutControlCharacters<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const path = controlCharacterPath(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: 'validation.controlCharacter', input: value });
  }) as S;
}
