import { z } from 'zod';
import { byIdInput, defineMethod, permission } from '../method.js';

/** Uploaded files (spec §7 files/*): ordering owns save and get; files/list|delete come with after-sales. */
export const fileSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  src: z.string(),
  dateCreate: z.string(),
});
export type PortalFile = z.infer<typeof fileSchema>;

export const fileMethods = {
  'files/save': defineMethod({
    name: 'files/save',
    input: z.strictObject({}).optional(),
    result: z.object({ items: z.array(fileSchema) }),
    access: permission('files', 'create'),
    upload: true,
  }),
  'files/get': defineMethod({
    name: 'files/get',
    input: byIdInput,
    result: fileSchema,
    access: permission('files', 'fetch'),
  }),
};
