import { Suspense, lazy, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { announcementRecord, limits } from '@platform/contract';
import { announcementQueryOptions } from './api';
import {
  readAnnouncementRecord,
  shouldShowAnnouncement,
  storeAnnouncementRecord,
} from './announcementLogic';

// The overlay (antd + DOMPurify) loads only when there is something to show.
const AnnouncementOverlay = lazy(() =>
  import('./AnnouncementOverlay').then((m) => ({ default: m.AnnouncementOverlay })),
);

/** Mounted once in the app shell: shows the system announcement 2 s after mount. */
export function AnnouncementHost() {
  const { data: announcement } = useQuery(announcementQueryOptions());
  const [delayPassed, setDelayPassed] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), limits.announcementDelayMs);
    return () => clearTimeout(timer);
  }, []);

  if (!delayPassed || !announcement) return null;
  if (closed === announcementRecord(announcement)) return null;
  if (!shouldShowAnnouncement(announcement, new Date(), readAnnouncementRecord())) return null;

  return (
    <Suspense fallback={null}>
      <AnnouncementOverlay
        announcement={announcement}
        onClose={() => {
          storeAnnouncementRecord(announcement);
          setClosed(announcementRecord(announcement));
        }}
      />
    </Suspense>
  );
}
