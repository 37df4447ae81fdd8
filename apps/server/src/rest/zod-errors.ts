import { isMessageKey, translate, type Language } from '@portal/contract';
import type { z } from 'zod';

/** Turns zod issues into `{field: message}` in the caller's language; never zod's own English. */
export function fieldsOf(error: z.ZodError, language: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const name = [...issue.path, key].join('.');
        fields[name] ??= translate(language, 'validation.unknownField');
      }
      continue;
    }
    const name = issue.path.join('.') || '_';
    fields[name] ??= translate(language, keyOf(issue));
  }
  return fields;
}

function keyOf(issue: z.core.$ZodIssue): string {
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return 'validation.required';
      return issue.expected === 'number' || issue.expected === 'int' ? 'validation.number' : 'validation.invalid';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'validation.tooLong' : 'validation.invalid';
    case 'too_small':
      return issue.origin === 'string' ? 'validation.required' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

export function describeFields(fields: Record<string, string>, language: Language): string {
  const entries = Object.entries(fields);
  if (entries.length === 1) {
    const [name, message] = entries[0]!;
    return name === '_' ? message : `${name}: ${message}`;
  }
  return translate(language, 'error.validation');
}
