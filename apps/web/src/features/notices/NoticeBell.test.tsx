import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noticesApi, type Notice } from '@platform/contract';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { noticePollMs } from './api';
import { NoticeBell } from './NoticeBell';

setupTestEnvironment();
polyfillBrowser();

const location = () => screen.getByTestId('location').textContent;

function notice(partial: Partial<Notice> & Pick<Notice, 'id'>): Notice {
  return {
    dynamicId: '501',
    dynamicType: 'task_issued',
    status: 0,
    title: '新任务：MQTT 实训',
    createdAt: '2026-03-01T08:00:00.000Z',
    ...partial,
  };
}

/** The server's unread notices: reading or clearing takes them off. */
function serveNotices() {
  let unread = [
    notice({ id: '901' }),
    notice({
      id: '902',
      dynamicType: 'report_returned',
      title: '实验报告被退回：MQTT 实训',
      createdAt: '2026-03-02T08:00:00.000Z',
    }),
    notice({
      id: '903',
      dynamicId: '502',
      dynamicType: 'scores_issued',
      title: '成绩已发布：考试',
    }),
  ];
  return fakeApi(
    fakeRoute(noticesApi.list, () => ({
      data: unread,
      total: unread.length,
      unread: unread.length,
      pageNum: 1,
      pageSize: 20,
    })),
    fakeRoute(noticesApi.read, (call) => {
      unread = unread.filter((n) => n.id !== call.params.id);
      return null;
    }),
    fakeRoute(noticesApi.clear, () => {
      const cleared = unread.length;
      unread = [];
      return { cleared };
    }),
  );
}

const bell = () => screen.getByRole('button', { name: /^通知/ });

describe('notices in the header', { timeout: 30_000 }, () => {
  it('shows the unread count, asked every minute and when the window comes back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = serveNotices();
    renderView(<NoticeBell />, '/sch_edu/task/list');
    expect(await screen.findByRole('button', { name: '通知，3 条未读' })).toBeTruthy();
    expect(bell().querySelector('.notice-bell__badge')?.textContent).toBe('3');
    expect(api.calls(noticesApi.list)[0]?.query.get('status')).toBe('unread');

    act(() => {
      vi.advanceTimersByTime(noticePollMs);
    });
    await waitFor(() => expect(api.calls(noticesApi.list)).toHaveLength(2));
    // Once that answer is in, the window comes back to the front.
    vi.useRealTimers();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.calls(noticesApi.list)).toHaveLength(3));
  });

  it('lists the unread notices; a click marks one read and opens what it is about', async () => {
    const api = serveNotices();
    renderView(<NoticeBell />, '/sch_edu/task/list');
    await screen.findByRole('button', { name: '通知，3 条未读' });
    fireEvent.click(bell());
    const panel = await screen.findByRole('region', { name: '未读通知' });
    const items = within(panel)
      .getAllByRole('button')
      .filter((b) => b.className === 'notice-item');
    expect(items.map((b) => b.querySelector('.notice-item__title')?.textContent)).toEqual([
      '新任务：MQTT 实训',
      '实验报告被退回：MQTT 实训',
      '成绩已发布：考试',
    ]);
    expect(within(items[1]!).getByText('报告退回')).toBeTruthy();
    expect(within(items[1]!).getByText(/^2026-03-02/)).toBeTruthy();

    fireEvent.click(items[1]!);
    await waitFor(() => expect(location()).toBe('/sch_edu/report/reportInfo?id=501'));
    await waitFor(() =>
      expect(api.calls(noticesApi.read).map((c) => [c.method, c.params.id])).toEqual([
        ['POST', '902'],
      ]),
    );
    expect(await screen.findByRole('button', { name: '通知，2 条未读' })).toBeTruthy();
  });

  it('clears all, and says when there is nothing unread', async () => {
    const api = serveNotices();
    renderView(<NoticeBell />, '/sch_edu/task/list');
    await screen.findByRole('button', { name: '通知，3 条未读' });
    fireEvent.click(bell());
    const panel = await screen.findByRole('region', { name: '未读通知' });
    fireEvent.click(within(panel).getByRole('button', { name: '全部已读' }));
    expect(await within(panel).findByText('没有未读通知')).toBeTruthy();
    expect(api.calls(noticesApi.clear).map((c) => c.method)).toEqual(['POST']);
    expect(
      screen.getByRole('button', { name: '通知' }).querySelector('.notice-bell__badge'),
    ).toBeNull();
    expect(within(panel).getByRole('button', { name: '全部已读' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('goes to the task for a task issued or scores issued', async () => {
    serveNotices();
    renderView(<NoticeBell />, '/sch_edu/task/list');
    await screen.findByRole('button', { name: '通知，3 条未读' });
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('成绩已发布：考试'));
    await waitFor(() => expect(location()).toBe('/sch_edu/task/info?id=502'));
  });
});
