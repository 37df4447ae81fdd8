import { ERROR_STATUS, translate, type ErrorCode, type Language, type MessageKey } from '@portal/contract';

/**
 * The one error type handlers throw. `message` is a MESSAGES key (translated to the caller's language
 * when the answer is written) or a ready text; `args` fill its `{0}` placeholders.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: MessageKey | string,
    readonly extra: {
      fields?: Record<string, string>;
      args?: Array<string | number>;
      sessid?: string;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'error.notFound');
export const forbidden = () => new AppError('FORBIDDEN', 'error.forbidden');
export const validationError = (fields: Record<string, string>, message: MessageKey = 'error.validation') =>
  new AppError('VALIDATION', message, { fields });

/** A 400 whose per-field messages (MESSAGES keys) are written in the caller's language. */
export const invalidFields = (lang: Language, fields: Record<string, string>) =>
  validationError(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(lang, v)])));
