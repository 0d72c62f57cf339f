import type { Db } from '../../db/client';
import { readSetting, writeSetting } from '../settings/settings.service';

const ANNOUNCEMENT_KEY = 'system.announcement';

export async function readAnnouncement(db: Db): Promise<unknown> {
  return (await readSetting(db, ANNOUNCEMENT_KEY)) ?? null;
}

export async function writeAnnouncement(db: Db, value: unknown, now: Date) {
  await writeSetting(db, ANNOUNCEMENT_KEY, value, now);
}
