import { z } from 'zod';
import { Role } from '../roles.js';
import {
  byIdInput,
  defineMethod,
  emptyInput,
  idSchema,
  listInput,
  listResult,
  okResult,
  onlyRoles,
  signedIn,
} from '../method.js';
import { optionalText, required } from '../validation.js';

/**
 * The dealer's machines (decision 208): the machines a dealer serves, each a model of the catalogue's
 * machine-model facet (the products' MODEL property), a serial number or VIN, a year and an own name. They narrow
 * the catalogue («для моей техники», `F_MACHINE` of the product filter), say on a product card which of them the
 * part fits, fill the order's VIN and model at checkout and name the machine of an urgent order «Машина стоит»
 * (decision 209). A dealer sees and edits their own; staff may read any dealer's.
 */

/** Machines one dealer may keep: a fleet, not a registry of every machine in the region. */
export const MAX_MACHINES = 200;

/** The earliest year of manufacture a machine may have. */
export const MACHINE_MIN_YEAR = 1900;

/** The value of `F_MACHINE` that narrows to every machine of the dealer at once. */
export const ALL_MACHINES = 'all';

export const machineSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The dealer's own name for the machine («Комбайн №2»); may be empty. */
  name: z.string(),
  /** A value of the catalogue's machine-model facet (products' MODEL property). */
  model: z.string(),
  /** Serial number or VIN, as the dealer typed it (upper case, outer spaces trimmed). */
  serial: z.string(),
  year: z.number().int().nullable(),
  dateCreate: z.string(),
  dateUpdate: z.string(),
});
export type Machine = z.infer<typeof machineSchema>;

const year = z
  .number({ error: 'validation.machineYear' })
  .int({ error: 'validation.machineYear' })
  .min(MACHINE_MIN_YEAR, { error: 'validation.machineYear' })
  .refine((y) => y <= new Date().getUTCFullYear() + 1, { error: 'validation.machineYear' });

const machineFields = {
  name: optionalText(100).optional().default(''),
  model: required(100),
  serial: optionalText(50)
    .transform((s) => s.toUpperCase())
    .optional()
    .default(''),
  year: year.nullable().optional().default(null),
};

export const machineInput = z.strictObject(machineFields);
export type MachineInput = z.input<typeof machineInput>;

export const machineMethods = {
  /** Own machines (a dealer); staff may ask for one dealer's, or everyone's. Oldest first, as the dealer added them. */
  'machine/list': defineMethod({
    name: 'machine/list',
    input: listInput(z.strictObject({ userId: idSchema.optional() })),
    result: listResult(machineSchema),
    access: signedIn,
  }),
  /** One machine: the dealer's own, or any for staff; another dealer's answers like a missing one. */
  'machine/get': defineMethod({
    name: 'machine/get',
    input: byIdInput,
    result: machineSchema,
    access: signedIn,
  }),
  /** The machine models a machine may have: every value of the catalogue's machine-model facet, A to Я. */
  'machine/models': defineMethod({
    name: 'machine/models',
    input: emptyInput,
    result: z.object({ items: z.array(z.string()) }),
    access: signedIn,
  }),
  /** Adds a machine to the dealer's list; the model must be a value of the catalogue's machine-model facet. */
  'machine/create': defineMethod({
    name: 'machine/create',
    input: machineInput,
    result: machineSchema,
    access: onlyRoles(Role.DEALERS),
  }),
  /** Changes an own machine; fields left out keep their value. */
  'machine/update': defineMethod({
    name: 'machine/update',
    input: z.strictObject({
      id: idSchema,
      name: optionalText(100).optional(),
      model: required(100).optional(),
      serial: optionalText(50)
        .transform((s) => s.toUpperCase())
        .optional(),
      year: year.nullable().optional(),
    }),
    result: machineSchema,
    access: onlyRoles(Role.DEALERS),
  }),
  /** Removes an own machine; orders placed for it keep its data as it was (decision 209). */
  'machine/delete': defineMethod({
    name: 'machine/delete',
    input: byIdInput,
    result: okResult,
    access: onlyRoles(Role.DEALERS),
  }),
};
