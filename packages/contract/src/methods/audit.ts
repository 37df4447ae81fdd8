import { z } from 'zod';
import { Role } from '../roles.js';
import { defineMethod, idSchema, listInput, listResult, onlyRoles } from '../method.js';
import { optionalText } from '../validation.js';

/** One back-office write as the audit log keeps it (decision 101). */
export const auditEntrySchema = z.object({
  id: z.number(),
  date: z.string(),
  /** Who wrote; null when the user is deleted or the portal wrote by itself. */
  user: z.object({ id: z.number().nullable(), login: z.string(), name: z.string() }),
  ip: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  /** Changed fields only, for updates; the whole value for a create (after) or a delete (before). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const name = z
  .string()
  .trim()
  .max(50, { error: 'validation.tooLong' })
  .regex(/^[a-z0-9/_-]*$/i, {
    error: 'validation.invalid',
  });

export const auditFilter = z.strictObject({
  entity: name.optional(),
  action: name.optional(),
  entityId: optionalText(50).optional(),
  user: idSchema.optional(),
  dateFrom: z.iso.date({ error: 'validation.date' }).optional(),
  dateTo: z.iso.date({ error: 'validation.date' }).optional(),
  /** Text anywhere in the values before or after, or the author's login. */
  search: optionalText(100).optional(),
});
export type AuditFilter = z.input<typeof auditFilter>;

export const auditMethods = {
  /** Administrators read the audit log, newest first, filtered. */
  'audit/list': defineMethod({
    name: 'audit/list',
    input: listInput(auditFilter, ['ID']),
    result: listResult(auditEntrySchema).extend({
      /** Every entity and action the log holds, for the filter's lists. */
      entities: z.array(z.string()),
      actions: z.array(z.string()),
      /** Every staff member who wrote in the log, for the «Сотрудник» filter (decision 194). */
      authors: z.array(z.object({ id: z.number(), login: z.string(), name: z.string() })),
      /** Price types and payment methods by id, so that an entry's `priceTypeId: 2` reads as its name. */
      names: z.object({
        priceTypes: z.record(z.string(), z.string()),
        paySystems: z.record(z.string(), z.string()),
      }),
    }),
    access: onlyRoles(Role.ADMINS),
  }),
};
