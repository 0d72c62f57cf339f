import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  announcementsApi,
  defaultAnnouncementTitle,
  type AnnouncementEdit,
  type AnnouncementSave,
} from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { fakeRoute, fakeScreenApi } from '../../test/fakeRoutes';
import { clickButton, errorOf, field, pickDate } from '../../test/antd';
import { AnnouncementSettings } from './AnnouncementSettings';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/portal/announcement';
const doc = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '今晚系统维护' }] }],
};
const saved: AnnouncementEdit = {
  title: '维护通知',
  content: '<p>今晚系统维护</p>',
  contentDoc: doc,
  footer: '运营中心',
  start: '2026-05-01T00:00:00.000Z',
  end: '2026-07-01T00:00:00.000Z',
  announceType: 'once',
};
const writes = (api: ReturnType<typeof fakeScreenApi>) =>
  api.sent.filter((c) => c.method === 'POST');

describe('system announcement editor', { timeout: 30_000 }, () => {
  it('shows the saved announcement and saves the form as the contract body', async () => {
    const api = fakeScreenApi(
      ['announcement.edit'],
      fakeRoute(announcementsApi.detail, saved),
      // The server stores the document it is sent, rendered to HTML, and names an untitled one.
      fakeRoute(announcementsApi.save, (call) => {
        const body = call.body as AnnouncementSave;
        return {
          ...saved,
          ...body,
          title: body.title || defaultAnnouncementTitle,
          content: saved.content,
          contentDoc: doc,
        };
      }),
    );
    renderView(<AnnouncementSettings />, url);
    await screen.findByText('今晚系统维护');
    expect((field('标题') as HTMLInputElement).value).toBe('维护通知');
    fireEvent.change(field('标题'), { target: { value: '' } });
    clickButton('保存');
    await waitFor(() => expect(toastTexts()).toContain('系统公告已保存'));
    const [write] = writes(api);
    expect(write?.route).toBe(announcementsApi.save);
    expect(write?.body).toEqual({
      title: '',
      content: doc,
      footer: '运营中心',
      start: '2026-05-01T00:00:00.000Z',
      end: '2026-07-01T00:00:00.000Z',
      announceType: 'once',
    });
  });

  it('refuses an end before the start, in words, without saving', async () => {
    const api = fakeScreenApi(['announcement.edit'], fakeRoute(announcementsApi.detail, saved));
    renderView(<AnnouncementSettings />, url);
    await screen.findByText('今晚系统维护');
    pickDate('结束时间', '2026-04-01 08:00');
    clickButton('保存');
    await waitFor(() => expect(errorOf('结束时间')).toBe('结束时间须晚于开始时间'));
    expect(writes(api)).toEqual([]);
  });

  it('asks for content when there is none', async () => {
    const api = fakeScreenApi(['announcement.edit'], fakeRoute(announcementsApi.detail, null));
    renderView(<AnnouncementSettings />, url);
    await screen.findByText('尚未设置公告');
    clickButton('保存');
    await waitFor(() => expect(errorOf('内容')).toBe('请输入公告内容'));
    expect(writes(api)).toEqual([]);
  });

  it('offers no save without the permission', async () => {
    fakeScreenApi([], fakeRoute(announcementsApi.detail, saved));
    renderView(<AnnouncementSettings />, url);
    await screen.findByText('您可以查看系统公告，但没有编辑权限。');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
