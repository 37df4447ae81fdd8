import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE_ALL } from './constants.js';
import { withCleanText } from './control-characters.js';
import type { Action, Entity } from './roles.js';

/**
 * Who may call a method. There is no default: a declaration without an access rule does not compile,
 * and the dispatcher refuses anything it does not recognise (default deny, docs/design.md §8).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'permission'; entity: Entity; action: Action }
  | { kind: 'roles'; roles: number };

export const publicAccess = { kind: 'public' } as const satisfies Access;
export const signedIn = { kind: 'auth' } as const satisfies Access;
export const permission = (entity: Entity, action: Action): Access => ({ kind: 'permission', entity, action });
export const onlyRoles = (roles: number): Access => ({ kind: 'roles', roles });

export interface MethodDeclaration<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
> {
  /** Wire name under /rest/, as docs/spec/07-calls.md writes it. */
  name: Name;
  input: Input;
  result: Result;
  access: Access;
  /**
   * The answer in docs/spec/03-entities.md's plain entities, when the method also gives one (decision 213): the
   * caller chooses with the input's `shape`; an API key gets it by default. `result` stays the web's shape.
   */
  entities?: z.ZodType;
  /** The body is multipart/form-data with files (docs/design.md §3). */
  upload?: boolean;
  /** The call must carry a captcha token when a captcha secret is configured. */
  captcha?: boolean;
}

/*#__NO_SIDE_EFFECTS__*/
export function defineMethod<const Name extends string, Input extends z.ZodType, Result extends z.ZodType>(
  declaration: MethodDeclaration<Name, Input, Result>,
): MethodDeclaration<Name, Input, Result> {
  return declaration;
}

const checked = /*#__PURE__*/ new WeakMap<MethodDeclaration, z.ZodType>();

/**
 * A method's input schema as the server parses it: the declared schema, plus no control character and no
 * lone surrogate in any of its text (decisions 052, 188). One place for every method; built once per
 * declaration.
 */
export function checkedInput<M extends MethodDeclaration>(declaration: M): M['input'] {
  let schema = checked.get(declaration);
  if (!schema) {
    schema = withCleanText(declaration.input);
    checked.set(declaration, schema);
  }
  return schema as M['input'];
}

export type InputOf<M extends MethodDeclaration> = z.input<M['input']>;
export type ParsedInputOf<M extends MethodDeclaration> = z.output<M['input']>;
export type ResultOf<M extends MethodDeclaration> = z.output<M['result']>;

/**
 * A number on the wire (decision 188): a JSON number, or a string matching `digits` (what a form or a query
 * string carries). Nothing else is turned into one — not `true`, `[5]`, `" 5 "`, `"0x5"` or `"5e0"`, which
 * `z.coerce.number` read as numbers — and every refusal says `error` on the field.
 */
export const wireNumber = (error: string, digits: RegExp) =>
  z.union([z.number({ error }), z.string({ error }).regex(digits, { error })], { error }).transform(Number);

/** A whole number as a string: an optional minus and up to 15 digits (safe as a double). */
export const WHOLE_NUMBER_TEXT = /^-?\d{1,15}$/;
/** A decimal number as a string: `12`, `-3`, `12.50`; no exponent, no spaces, no sign `+`. */
export const DECIMAL_TEXT = /^-?\d{1,15}(?:\.\d{1,15})?$/;

/**
 * A positive whole number id: a JSON integer or a string of ASCII digits (no sign, no spaces, at most ten
 * digits, up to 2^31 − 1), decision 188. Anything else is 400 VALIDATION `validation.id` on the field.
 */
export const idSchema = wireNumber('validation.id', /^\d{1,10}$/).pipe(
  z
    .number()
    .int({ error: 'validation.id' })
    .positive({ error: 'validation.id' })
    .max(2 ** 31 - 1, { error: 'validation.id' }),
);

export const byIdInput = z.strictObject({ id: idSchema });

/**
 * A whole number as a JSON number or a digit string (like ids). Anything else — "abc", {}, "all", 1.5,
 * 1e309 (Infinity once parsed) — is a 400 VALIDATION: the API is strict (docs/design.md §3). The fallback to 1
 * and 60 of docs/spec/05-validation.md belongs to a route's query string, which the web app reads leniently itself.
 */
const wholeNumber = (error: string) => wireNumber(error, WHOLE_NUMBER_TEXT).pipe(z.number().int({ error }));

/** page: 1, 2, …; a page past the last is an empty page. */
export const pageSchema = wholeNumber('validation.page').pipe(
  z.number().min(1, { error: 'validation.page' }).max(MAX_PAGE, { error: 'validation.page' }),
);
/** size: 1…MAX_PAGE_SIZE, or -1 for every row (docs/spec/02-screens.md, docs/spec/09-constants.md); a larger size is refused, never shortened. */
export const sizeSchema = wholeNumber('validation.size').pipe(
  z.number().refine((n) => n === PAGE_SIZE_ALL || (n >= 1 && n <= MAX_PAGE_SIZE), { error: 'validation.size' }),
);

export const sortDirection = z.enum(['ASC', 'DESC', 'asc', 'desc']).transform((d) => d.toUpperCase() as 'ASC' | 'DESC');

/** List input `{page, size, filter, sort}` with a method's own strict filter and sortable keys. */
export function listInput<F extends z.ZodType, const S extends readonly [string, ...string[]]>(
  filter: F,
  sortKeys?: S,
) {
  const sort = sortKeys ? z.partialRecord(z.enum(sortKeys), sortDirection).optional() : z.strictObject({}).optional();
  return z.strictObject({
    // Absent values fall back too, so a handler always gets a page and a size.
    page: pageSchema.optional().transform((v) => v ?? DEFAULT_PAGE),
    size: sizeSchema.optional().transform((v) => v ?? DEFAULT_PAGE_SIZE),
    filter: filter.optional(),
    sort,
  });
}

export function listResult<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), items: z.array(item) });
}

export const emptyInput = z.strictObject({}).optional();
export const okResult = z.object({ ok: z.literal(true) });
