/** Error codes of docs/design.md §3 and the HTTP status each travels with. */
export const ERROR_STATUS = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VALIDATION: 400,
  AUTH: 401,
  SESSION_FAILED: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorEnvelope {
  error: ErrorCode;
  error_description: string;
  /** VALIDATION: a message per offending field (dotted path). */
  fields?: Record<string, string>;
  /** SESSION_FAILED: the session's current token, to store and repeat the call with. */
  sessid?: string;
  /** AUTH / RATE_LIMITED: seconds until a new code may be requested or the window passes. */
  retryAfter?: number;
}

export interface ResultEnvelope<T> {
  result: T;
}

export interface ListResult<T> {
  count: number;
  items: T[];
}
