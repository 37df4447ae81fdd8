import { z } from 'zod';
import { GROUP_CODES, type PermissionSet } from '../roles.js';

export const groupCodeSchema = z.enum(GROUP_CODES as [string, ...string[]]);

export const permissionSetSchema = z.custom<PermissionSet>((v) => typeof v === 'object' && v !== null);

/** A user as the portal shows it (docs/spec/03-entities.md). */
export const userSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  fullName: z.string(),
  inn: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  company: z.string(),
  groups: z.array(z.string()),
  typePrice: z.number().int().nullable(),
  typePriceName: z.string(),
  paySystemId: z.number().int().nullable(),
  isOnOrder: z.boolean(),
  active: z.boolean(),
  approved: z.boolean(),
  twoFactor: z.boolean(),
  language: z.string(),
  permissions: permissionSetSchema,
  price: z.object({ id: z.number().int().nullable(), isOrder: z.boolean(), name: z.string() }),
});
export type User = z.infer<typeof userSchema>;
