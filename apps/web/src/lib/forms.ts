import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { message } from './i18n';
import { RestError } from './rest';

/** The helper text of a field: the contract's message key, in the current language. */
export const fieldMessage = (error: FieldError | undefined) => (error?.message ? message(error.message) : undefined);

/** Every message a field holds: with `criteriaMode: 'all'` the resolver keeps each broken rule under `types`. */
export function allFieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const keys = [...Object.values(error.types ?? {}).flatMap((v) => (Array.isArray(v) ? v : [v])), error.message].filter(
    (m): m is string => typeof m === 'string' && m !== '',
  );
  return [...new Set(keys.map((k) => message(k)))];
}

/** Puts a VALIDATION answer's per-field messages onto the form; true if any field took one. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: Array<Path<T>>,
): boolean {
  if (!(error instanceof RestError)) return false;
  let applied = false;
  for (const [field, text] of Object.entries(error.fields)) {
    if ((known as string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: text });
      applied = true;
    }
  }
  return applied;
}

/** `Authorization: Basic` for a login and password, UTF-8 safe. */
export function basicHeader(login: string, password: string): string {
  const bytes = new TextEncoder().encode(`${login}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `Basic ${btoa(binary)}`;
}
