import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, okResult, permission } from '../method.js';

/** A stored file (docs/spec/03-entities.md): links open only for its owner and the staff who handle what it is attached to. */
export const fileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  dateCreate: z.string(),
  /** Download link (attachment unless a known-safe image). */
  src: z.string(),
  /** Preview link of an image, else null. */
  preview: z.string().nullable(),
});
export type PortalFile = z.infer<typeof fileSchema>;

/** Ids of files to attach: the caller's own uploads only (checked on the server). */
export const fileIdsField = z.array(idSchema).max(10, { error: 'validation.tooMany' });

export const filesMethods = {
  'files/list': defineMethod({
    name: 'files/list',
    // docs/spec/07-calls.md `files/list {page, size, filter, id}`: the ids at the top level or in the filter (decision 068).
    input: listInput(z.strictObject({ id: z.array(idSchema).max(200).optional() }), ['ID', 'NAME']).extend({
      id: z.union([idSchema, z.array(idSchema).max(200)]).optional(),
    }),
    result: listResult(fileSchema),
    access: permission('files', 'fetch'),
  }),
  'files/get': defineMethod({
    name: 'files/get',
    input: byIdInput,
    result: fileSchema,
    access: permission('files', 'fetch'),
  }),
  /** Multipart: file parts plus an optional `payload` JSON field (no fields are defined yet). */
  'files/save': defineMethod({
    name: 'files/save',
    input: z.strictObject({}).optional(),
    result: z.object({ items: z.array(fileSchema) }),
    access: permission('files', 'create'),
    upload: true,
  }),
  'files/delete': defineMethod({
    name: 'files/delete',
    input: byIdInput,
    result: okResult,
    access: permission('files', 'delete'),
  }),
};
