import { z } from 'zod';
import { Role } from '../roles.js';
import { defineMethod, emptyInput, idSchema, onlyRoles, signedIn } from '../method.js';

/**
 * A personal manager per dealer (decision 199): an administrator assigns an employee to a dealer; the dealer
 * sees their manager's name, phone and e-mail; the staff e-mails about the dealer go to the manager.
 */
export const managerCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type ManagerCard = z.infer<typeof managerCardSchema>;

/** One of a dealer's companies with its own manager (null: the dealer's manager serves it). */
export const companyManagerSchema = z.object({
  id: z.number(),
  name: z.string(),
  inn: z.string(),
  manager: managerCardSchema.nullable(),
});
export type CompanyManager = z.infer<typeof companyManagerSchema>;

export const managerMethods = {
  /**
   * The caller's own: a dealer's manager (null: none assigned); with `orderId`, the manager of that order of
   * theirs — its company's own manager when it has one (decision 227); for an employee, how many
   * dealers they manage (their desk opens on «Мои дилеры» when there are any). Nobody reads another dealer's
   * manager here.
   */
  'manager/get': defineMethod({
    name: 'manager/get',
    input: z.strictObject({ orderId: idSchema.optional() }).optional(),
    result: z.object({ manager: managerCardSchema.nullable(), dealers: z.number() }),
    access: signedIn,
  }),
  /** A dealer's manager and each of their companies' own, for the back office's user card (staff). */
  'manager/of': defineMethod({
    name: 'manager/of',
    input: z.strictObject({ userId: idSchema }),
    result: z.object({ manager: managerCardSchema.nullable(), companies: z.array(companyManagerSchema) }),
    access: onlyRoles(Role.ADMINS | Role.EMPLOYEES),
  }),
  /** The employees an administrator may assign as a dealer's manager. */
  'manager/candidates': defineMethod({
    name: 'manager/candidates',
    input: emptyInput,
    result: z.object({ items: z.array(managerCardSchema) }),
    access: onlyRoles(Role.ADMINS),
  }),
  /** Assigns a dealer's manager (an active employee), or takes it away (`managerId: null`). Administrators. */
  'manager/set': defineMethod({
    name: 'manager/set',
    input: z.strictObject({ userId: idSchema, managerId: idSchema.nullable() }),
    result: z.object({ manager: managerCardSchema.nullable() }),
    access: onlyRoles(Role.ADMINS),
  }),
  /**
   * Assigns a manager to one of a dealer's companies (an active employee), or takes it away (`managerId: null`:
   * the dealer's manager serves it again). Administrators (decision 227).
   */
  'manager/set-company': defineMethod({
    name: 'manager/set-company',
    input: z.strictObject({ counterpartyId: idSchema, managerId: idSchema.nullable() }),
    result: z.object({ manager: managerCardSchema.nullable() }),
    access: onlyRoles(Role.ADMINS),
  }),
};
