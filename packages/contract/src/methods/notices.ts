import { z } from 'zod';
import { byIdInput, defineMethod, idSchema, listInput, listResult, permission } from '../method.js';
import { required } from '../validation.js';

/** Notice of docs/spec/03-entities.md, with the screen it is about. */
export const noticeSchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  title: z.string(),
  wasRead: z.boolean(),
  description: z.string(),
  link: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A message between a dealer and the supplier's staff; each dealer has one conversation. */
export const messageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  dateCreate: z.string(),
  dealer: z.object({ id: z.number().int(), name: z.string() }),
  author: z.object({ id: z.number().int(), name: z.string(), isStaff: z.boolean() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageCreateInput = z.strictObject({
  message: required(4000),
  /** Staff only: the dealer whose conversation this reply goes to. */
  dealer: idSchema.optional(),
});

export const noticesMethods = {
  /** The caller's notices, newest first, with the number still unread. */
  'notice/list': defineMethod({
    name: 'notice/list',
    input: listInput(z.strictObject({ wasRead: z.boolean().optional() }), ['ID']),
    result: listResult(noticeSchema).extend({ unread: z.number().int() }),
    access: permission('notice', 'fetch'),
  }),
  /** Opening a notice marks it read. */
  'notice/get': defineMethod({
    name: 'notice/get',
    input: byIdInput,
    result: noticeSchema,
    access: permission('notice', 'fetch'),
  }),
  /** «Прочитать все» (decision 195): marks every unread notice of the caller read; answers how many. */
  'notice/read-all': defineMethod({
    name: 'notice/read-all',
    input: z.strictObject({}),
    result: z.object({ count: z.number().int() }),
    access: permission('notice', 'fetch'),
  }),
  'message/list': defineMethod({
    name: 'message/list',
    input: listInput(z.strictObject({ dealer: idSchema.optional() }), ['ID']),
    result: listResult(messageSchema),
    access: permission('message', 'fetch'),
  }),
  'message/create': defineMethod({
    name: 'message/create',
    input: messageCreateInput,
    result: messageSchema,
    access: permission('message', 'create'),
  }),
};
