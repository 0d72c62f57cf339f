import { z } from 'zod';
import { idSchema } from './envelope';
import { noticeTypes } from './teaching-kinds';

/* Notices -------------------------------------------------------------------------------------- */

export const noticeQuerySchema = z.object({
  /** Unread by default (the header's list); `all` includes the read ones. */
  status: z.enum(['unread', 'all'], 'invalid_value').default('unread'),
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** Platform spec §3 Notice: id, dynamicId, dynamicType, status; with its text. */
export const noticeSchema = z.object({
  id: idSchema,
  dynamicId: idSchema,
  dynamicType: z.enum(noticeTypes),
  status: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  createdAt: z.string(),
});
export type Notice = z.output<typeof noticeSchema>;
/** `notifies` answers `data.data` as the list (platform spec §7). */
export const noticeListSchema = z.object({
  data: z.array(noticeSchema),
  total: z.number().int(),
  unread: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export const noticeIdParamsSchema = z.object({ id: idSchema });
