import type { z } from 'zod';
import {
  announcementEditSchema,
  type AnnouncementEdit,
  type announcementSaveSchema,
} from '@platform/contract';
import { plainText, renderHtml, type RichDocument, type RichNode } from '@platform/rich-text';
import type { Db } from '../../db/client';
import { invalid } from '../../lib/errors';
import { storedDoc } from '../courses/courses.files';
import { readSetting, writeSetting } from '../settings/settings.service';

const ANNOUNCEMENT_KEY = 'system.announcement';

/** No course owns the announcement: an image of a course's files is refused in it. */
const NO_COURSE = '0';

export async function readAnnouncement(db: Db): Promise<unknown> {
  return (await readSetting(db, ANNOUNCEMENT_KEY)) ?? null;
}

export async function writeAnnouncement(db: Db, value: unknown, now: Date) {
  await writeSetting(db, ANNOUNCEMENT_KEY, value, now);
}

/** The stored announcement for its editor, or null when none (or none readable) is stored. */
export async function readAnnouncementEdit(db: Db): Promise<AnnouncementEdit | null> {
  const stored = await readAnnouncement(db);
  if (!stored || typeof stored !== 'object') return null;
  const parsed = announcementEditSchema.safeParse({ contentDoc: null, ...stored });
  return parsed.success ? parsed.data : null;
}

const hasImage = (node: RichNode): boolean =>
  node.type === 'image' || (node.content ?? []).some(hasImage);

/**
 * Replaces the announcement (decision 0029): the document is sanitised as the portal's rich text
 * is, and stored with the HTML rendered from it, which is what the overlay shows.
 */
export async function saveAnnouncement(
  db: Db,
  body: z.output<typeof announcementSaveSchema>,
  now: Date,
): Promise<AnnouncementEdit> {
  const doc = storedDoc(body.content, NO_COURSE, 'content') as unknown as RichDocument;
  if (!plainText(doc).trim() && !hasImage(doc))
    throw invalid('settings.announcement_empty', { content: 'required' });
  const value: AnnouncementEdit = {
    title: body.title,
    content: renderHtml(doc),
    contentDoc: doc as unknown as Record<string, unknown>,
    footer: body.footer,
    start: new Date(body.start).toISOString(),
    end: new Date(body.end).toISOString(),
    announceType: body.announceType,
  };
  await writeAnnouncement(db, value, now);
  return value;
}
