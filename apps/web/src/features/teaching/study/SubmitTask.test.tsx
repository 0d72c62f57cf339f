import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { TaskInfo } from './TaskInfo';
import { ownTaskDetail, remain } from './testing';

setupTestEnvironment();
polyfillBrowser();

vi.mock('../../../shared/ui/RichTextEditor', () => import('../../../test/editorDouble'));

/** Decision 0041: submitting the task is its own act, confirmed with what it submits. */
describe('submitting a task', { timeout: 30_000 }, () => {
  it('says what goes in (the steps left undone, the saved report draft) and submits the task', async () => {
    let submitted = false;
    const api = fakeApi(
      fakeRoute(teachingApi.ownDetail, () =>
        ownTaskDetail(
          submitted
            ? { status: 'submitted', reportStatus: 'submitted', remainSeconds: null }
            : { reportStatus: 'draft' },
        ),
      ),
      fakeRoute(teachingApi.remainTime, () => remain(submitted ? { remainSeconds: null } : {})),
      fakeRoute(teachingApi.taskSubmit, () => {
        submitted = true;
        return { submittedAt: '2026-03-01T10:00:00.000Z', reportSubmitted: true };
      }),
    );
    renderView(<TaskInfo />, '/sch_edu/task/info?id=501');
    fireEvent.click(await screen.findByRole('button', { name: /提交任务/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提交整个任务？')).toBeTruthy();
    expect(
      within(dialog).getByText(
        '提交后，这个任务的测验答案、实验检查和实验报告都不能再修改，除非老师退回报告。',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('还有 2 个步骤没有完成，提交后不能再完成。')).toBeTruthy();
    expect(within(dialog).getByText('你保存的报告草稿将作为实验报告一并提交。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交任务' }));
    await waitFor(() => expect(api.calls(teachingApi.taskSubmit)).toHaveLength(1));
    expect(api.calls(teachingApi.taskSubmit)[0]!.method).toBe('POST');
    expect(api.calls(teachingApi.taskSubmit)[0]!.params).toEqual({ id: '501' });
    await waitFor(() => expect(toastTexts()).toContain('任务已提交'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /提交任务/ })).toBeNull());
    expect(screen.getAllByText('已提交').length).toBeGreaterThan(0);
  });

  it('says when there is no report yet, and offers no submission of a submitted task', async () => {
    fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail({ reportStatus: 'none' })),
      fakeRoute(teachingApi.remainTime, remain()),
    );
    const view = renderView(<TaskInfo />, '/sch_edu/task/info?id=501');
    fireEvent.click(await screen.findByRole('button', { name: /提交任务/ }));
    expect(await screen.findByText('你还没有撰写实验报告，提交后不能再写。')).toBeTruthy();
    view.unmount();

    fakeApi(
      fakeRoute(teachingApi.ownDetail, ownTaskDetail({ status: 'submitted' })),
      fakeRoute(teachingApi.remainTime, remain({ remainSeconds: null })),
    );
    renderView(<TaskInfo />, '/sch_edu/task/info?id=501');
    expect(await screen.findByRole('button', { name: '查看内容' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交任务/ })).toBeNull();
  });
});
