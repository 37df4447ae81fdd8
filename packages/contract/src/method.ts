import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE_ALL } from './constants.js';
import { withoutControlCharacters } from './control-characters.js';
import type { Action, Entity } from './roles.js';

/**
 * Who may call a method. There is no default: a declaration without an access rule does not compile,
 * and the dispatcher refuses anything it does not recognise (default deny, DESIGN §8).
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
  /** Wire name under /rest/, as spec §7 writes it. */
  name: Name;
  input: Input;
  result: Result;
  access: Access;
  /** The body is multipart/form-data with files (DESIGN §3). */
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
 * A method's input schema as the server parses it: the declared schema, plus no control characters in any
 * of its text (issue 10.6). One place for every method; built once per declaration.
 */
export function checkedInput<M extends MethodDeclaration>(declaration: M): M['input'] {
  let schema = checked.get(declaration);
  if (!schema) {
    schema = withoutControlCharacters(declaration.input);
    checked.set(declaration, schema);
  }
  return schema as M['input'];
}

export type InputOf<M extends MethodDeclaration> = z.input<M['input']>;
export type ParsedInputOf<M extends MethodDeclaration> = z.output<M['input']>;
export type ResultOf<M extends MethodDeclaration> = z.output<M['result']>;

/** A positive whole number id; ids travel as numbers or digit strings. */
export const idSchema = z.coerce
  .number({ error: 'validation.id' })
  .int({ error: 'validation.id' })
  .positive({ error: 'validation.id' })
  .max(2 ** 31 - 1, { error: 'validation.id' });

export const byIdInput = z.strictObject({ id: idSchema });

/**
 * A whole number as a JSON number or a digit string (like ids). Anything else — "abc", {}, "all", 1.5,
 * 1e309 (Infinity once parsed) — is a 400 VALIDATION: the API is strict (DESIGN §3). The fallback to 1
 * and 60 of spec §5 belongs to a route's query string, which the web app reads leniently itself.
 */
const wholeNumber = (error: string) =>
  z
    .union([z.number({ error }), z.string({ error }).regex(/^-?\d{1,15}$/, { error })], { error })
    .transform(Number)
    .pipe(z.number().int({ error }));

/** page: 1, 2, …; a page past the last is an empty page. */
export const pageSchema = wholeNumber('validation.page').pipe(
  z.number().min(1, { error: 'validation.page' }).max(MAX_PAGE, { error: 'validation.page' }),
);
/** size: 1…MAX_PAGE_SIZE, or -1 for every row (spec §2, §9); a larger size is refused, never shortened. */
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
