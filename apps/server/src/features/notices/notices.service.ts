import type { z } from 'zod';
import {
  formatMessage,
  type Lang,
  type Notice,
  type NoticeType,
  type noticeListSchema,
  type noticeQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import * as repo from './notices.repo';

type NoticeQuery = z.output<typeof noticeQuerySchema>;
type NoticeList = z.output<typeof noticeListSchema>;

/** The values a notice's text takes: `name` is what it is about (a task's name). */
export type NoticeParams = { name: string } & Record<string, string | number>;

/**
 * Raises one notice of `type` about `dynamicId` for each account, in one statement. `ctx.db` may
 * be a transaction, so the notices come with the change they tell of.
 */
export async function notify(
  ctx: Pick<AppContext, 'db' | 'ids' | 'now'>,
  recipients: readonly { userId: string; dynamicId: string }[],
  type: NoticeType,
  params: NoticeParams,
  schoolId: string | null = null,
): Promise<void> {
  const createdAt = ctx.now();
  const seen = new Set<string>();
  await repo.insertNotices(
    ctx.db,
    recipients
      .filter(
        (r) => !seen.has(`${r.userId}:${r.dynamicId}`) && seen.add(`${r.userId}:${r.dynamicId}`),
      )
      .map(({ userId, dynamicId }) => ({
        id: ctx.ids.next(),
        userId,
        schoolId,
        dynamicId,
        dynamicType: type,
        params,
        createdAt,
      })),
  );
}

/** How many notices the account has not read. */
export function unreadNotices(ctx: Pick<AppContext, 'db'>, userId: string): Promise<number> {
  return repo.countUnread(ctx.db, userId);
}

function present(row: repo.NoticeRow, lang: Lang): Notice {
  const type = row.dynamicType as NoticeType;
  return {
    id: row.id,
    dynamicId: row.dynamicId,
    dynamicType: type,
    status: row.status === 1 ? 1 : 0,
    title: formatMessage(`notices.${type}`, lang, row.params),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each account reads and clears its own notices only (platform spec §3, §4, §7). */
export class NoticesService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor, q: NoticeQuery, lang: Lang): Promise<NoticeList> {
    const { db } = this.ctx;
    const [page, unread] = await Promise.all([
      repo.pageNotices(db, actor.userId, q.status === 'unread', q.pageNum, q.pageSize),
      repo.countUnread(db, actor.userId),
    ]);
    return {
      data: page.records.map((r) => present(r, lang)),
      total: page.total,
      unread,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async read(actor: Actor, id: string): Promise<void> {
    if (!(await repo.markRead(this.ctx.db, actor.userId, id))) throw notFound('notices.not_found');
  }

  async clear(actor: Actor): Promise<{ cleared: number }> {
    return { cleared: await repo.markAllRead(this.ctx.db, actor.userId) };
  }
}
