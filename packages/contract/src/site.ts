import { z } from 'zod';

/** School/site info, as `GET /api-teaching/college/detail/{id}` answers. */
export const collegeDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  url: z.string(),
  clientLogo: z.string().nullable(),
  clientTitle: z.string().nullable(),
  favicon: z.string().nullable(),
  type: z.number().int().nullable(),
});
export type CollegeDetail = z.infer<typeof collegeDetailSchema>;

export const clientConfigQuerySchema = z.object({
  clientCode: z.string().trim().min(1, 'required').max(100, 'too_long'),
});

/** Site configuration of one application (client), `GET /openapi/api-user/client/config/list`. */
export const clientConfigSchema = z.object({
  clientCode: z.string(),
  name: z.string(),
  clientTitle: z.string(),
  clientLogo: z.string().nullable(),
  favicon: z.string().nullable(),
  logo: z.string().nullable(),
  url: z.string(),
  config: z.object({
    aiChatUrl: z.string().nullable(),
    aiAgentCode: z.string().nullable(),
    userCenterUrl: z.string().nullable(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const announceTypes = ['always', 'once'] as const;

/** Global system announcement config (spec §3); its schema is in `announcements.ts`. */
export interface Announcement {
  title: string;
  content: string;
  footer: string | null;
  start: string | null;
  end: string | null;
  announceType: (typeof announceTypes)[number];
}

/** Whether an announcement should be visible now (strictly between start and end). */
export function announcementActive(a: Announcement | null | undefined, now: Date): boolean {
  if (!a || !a.content || !a.start || !a.end) return false;
  const start = Date.parse(a.start);
  const end = Date.parse(a.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  const t = now.getTime();
  return t > start && t < end;
}

export function announcementRecord(a: Pick<Announcement, 'content' | 'start' | 'end'>): string {
  return JSON.stringify([a.content, a.start, a.end]);
}

/** Button-level permissions of the platform settings pages (announcement, footer). */
export const settingsPermissionKeys = ['announcement.edit', 'footer.edit'] as const;
