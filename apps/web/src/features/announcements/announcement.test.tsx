import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { announcementRecord, type Announcement } from '@platform/contract';
import { setupTestEnvironment } from '../../test/helpers';
import { shouldShowAnnouncement } from './announcementLogic';
import { AnnouncementHost } from './AnnouncementHost';
import { announcementKeys } from './api';

vi.mock('./AnnouncementOverlay', () => ({
  AnnouncementOverlay: ({
    announcement,
    onClose,
  }: {
    announcement: Announcement;
    onClose: () => void;
  }) => (
    <div role="dialog" aria-label={announcement.title}>
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  ),
}));

setupTestEnvironment();

const now = new Date('2026-06-01T12:00:00Z');
const active: Announcement = {
  title: '系统公告',
  content: '<p>维护通知</p>',
  footer: null,
  start: '2026-05-01T00:00:00Z',
  end: '2026-07-01T00:00:00Z',
  announceType: 'once',
};

describe('announcement logic', () => {
  it('shows only strictly between start and end, with content, start and end', () => {
    expect(shouldShowAnnouncement(active, now, null)).toBe(true);
    expect(shouldShowAnnouncement(active, new Date(active.start!), null)).toBe(false);
    expect(shouldShowAnnouncement(active, new Date(active.end!), null)).toBe(false);
    expect(shouldShowAnnouncement({ ...active, content: '' }, now, null)).toBe(false);
    expect(shouldShowAnnouncement({ ...active, start: null }, now, null)).toBe(false);
    expect(shouldShowAnnouncement(null, now, null)).toBe(false);
  });

  it('never shows a closed once-announcement again, but does show a changed one', () => {
    const record = announcementRecord(active);
    expect(shouldShowAnnouncement(active, now, record)).toBe(false);
    expect(shouldShowAnnouncement({ ...active, content: '<p>新的</p>' }, now, record)).toBe(true);
    expect(shouldShowAnnouncement({ ...active, announceType: 'always' }, now, record)).toBe(true);
  });
});

function renderHost(announcement: Announcement | null) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(announcementKeys.current(), announcement);
  return render(
    <QueryClientProvider client={client}>
      <AnnouncementHost />
    </QueryClientProvider>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('announcement overlay host', () => {
  it('appears 2 s after mount; closing stores the record', async () => {
    vi.useFakeTimers({ now });
    renderHost(active);
    await advance(1999);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog', { name: '系统公告' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem('system-announcement')).toBe(announcementRecord(active));
  });

  it('stays away for a once-announcement already closed', async () => {
    vi.useFakeTimers({ now });
    window.localStorage.setItem('system-announcement', announcementRecord(active));
    renderHost(active);
    await advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an always-announcement again on the next start', async () => {
    vi.useFakeTimers({ now });
    const always = { ...active, announceType: 'always' as const };
    window.localStorage.setItem('system-announcement', announcementRecord(always));
    renderHost(always);
    await advance(2000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows nothing outside its time window', async () => {
    vi.useFakeTimers({ now: new Date('2027-01-01T00:00:00Z') });
    renderHost(active);
    await advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
