import {
  announcementActive,
  announcementRecord,
  storageKeys,
  type Announcement,
} from '@platform/contract';

/**
 * Whether the announcement overlay shows (spec §4): only strictly between start and end and
 * with content; an announcement of type `once` that was already closed stays closed.
 */
export function shouldShowAnnouncement(
  announcement: Announcement | null | undefined,
  now: Date,
  storedRecord: string | null,
): announcement is Announcement {
  if (!announcement || !announcementActive(announcement, now)) return false;
  if (announcement.announceType === 'once' && storedRecord === announcementRecord(announcement)) {
    return false;
  }
  return true;
}

export function readAnnouncementRecord(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.announcement);
  } catch {
    return null;
  }
}

/** Remembers the closed announcement (content, start and end). */
export function storeAnnouncementRecord(announcement: Announcement): void {
  try {
    window.localStorage.setItem(storageKeys.announcement, announcementRecord(announcement));
  } catch {
    // storage unavailable: the announcement may show again
  }
}
