import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { teachingApi } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { refusal, setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute, type RouteCall } from '../../../test/fakeRoutes';
import { paragraph } from '../../courses/study/testing';
import { ReportPanel } from './ReportEditor';
import { ReportInfo } from './ReportInfo';
import {
  autosaveDelayMs,
  autosaveEveryMs,
  readDraft,
  reportDraftKey,
} from '../../courses/study/reportDraft';
import { reportInfo } from './testing';

setupTestEnvironment();
polyfillBrowser();

vi.mock('../../../shared/ui/RichTextEditor', () => import('../../../test/editorDouble'));

const editor = () => screen.findByLabelText<HTMLTextAreaElement>('实验报告');
const write = (box: HTMLElement, text: string) =>
  fireEvent.change(box, { target: { value: text } });
/** Timers and time are faked; they still run on their own, and jump on demand. */
const fakeTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true });
const jump = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

interface Sent {
  studentTaskId: string;
  revision: number;
  content: RichDocument;
}
const sent = (api: ReturnType<typeof fakeApi>) => api.bodies(teachingApi.reportSave) as Sent[];
const textOf = (doc: RichDocument) => doc.content?.[0]?.content?.[0]?.text;

/** The server keeps the highest revision it was sent. */
function saveAnswer(call: RouteCall) {
  const { revision, content } = call.body as Sent;
  return {
    revision,
    savedAt: '2026-03-01T10:00:00.000Z',
    length: textOf(content)?.length ?? 0,
  };
}

describe('report editor', { timeout: 30_000 }, () => {
  it('saves 2 s after edits, with a revision that grows with every edit', async () => {
    fakeTimers();
    const api = fakeApi(fakeRoute(teachingApi.reportSave, saveAnswer));
    renderView(<ReportPanel info={reportInfo()} />);
    const box = await editor();
    expect(box.value).toBe('传感器接线');
    expect(screen.getByText('5 / 10000 字')).toBeTruthy();

    write(box, '传感器接线图');
    write(box, '传感器接线图和结果');
    expect(screen.getByText('9 / 10000 字')).toBeTruthy();
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    // Every edit is in the browser at once.
    expect(readDraft('501')?.revision).toBe(5);
    await jump(autosaveDelayMs - 100);
    expect(sent(api)).toEqual([]);
    await jump(100);
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    expect(sent(api)[0]).toMatchObject({ studentTaskId: '501', revision: 5 });
    expect(textOf(sent(api)[0]!.content)).toBe('传感器接线图和结果');
    await waitFor(() => expect(screen.getByText(/^已保存于 2026-03-01/)).toBeTruthy());
    // Confirmed by the server: the browser's copy is dropped.
    expect(window.localStorage.getItem(reportDraftKey('501'))).toBeNull();

    write(box, '传感器接线图和结果分析');
    await jump(autosaveDelayMs);
    await waitFor(() => expect(sent(api).map((s) => s.revision)).toEqual([5, 6]));

    // Nothing new: the 30 s tick sends nothing.
    await jump(autosaveEveryMs);
    expect(sent(api)).toHaveLength(2);
  });

  it('says a save failed, keeps the text in the browser, and tries again on the next tick', async () => {
    fakeTimers();
    let failing = true;
    const api = fakeApi(
      fakeRoute(teachingApi.reportSave, (call) =>
        failing ? refusal(500, { message: 'database unavailable' }) : saveAnswer(call),
      ),
    );
    renderView(<ReportPanel info={reportInfo()} />);
    write(await editor(), '传感器接线图');
    await jump(autosaveDelayMs);
    await waitFor(() => expect(toastTexts()).toEqual(['实验报告保存失败，请重试']));
    expect(screen.getByText('实验报告保存失败，请重试', { selector: '.ant-alert *' })).toBeTruthy();
    expect(readDraft('501')).toEqual({ revision: 4, doc: paragraph('传感器接线图') });

    // Still failing on the next tick: the message stays, no new toast (the first one is gone).
    await jump(autosaveEveryMs);
    await waitFor(() => expect(sent(api)).toHaveLength(2));
    expect(toastTexts()).toEqual([]);
    expect(screen.getByText('实验报告保存失败，请重试', { selector: '.ant-alert *' })).toBeTruthy();
    expect(readDraft('501')?.revision).toBe(4);

    failing = false;
    await jump(autosaveEveryMs);
    await waitFor(() => expect(sent(api)).toHaveLength(3));
    await waitFor(() => expect(screen.queryByText('实验报告保存失败，请重试')).toBeNull());
    expect(sent(api).map((s) => s.revision)).toEqual([4, 4, 4]);
    expect(readDraft('501')).toBeNull();
  });

  it('restores a newer draft kept in the browser and saves it', async () => {
    fakeTimers();
    window.localStorage.setItem(
      reportDraftKey('501'),
      JSON.stringify({ revision: 9, doc: paragraph('断网前写的结论') }),
    );
    const api = fakeApi(fakeRoute(teachingApi.reportSave, saveAnswer));
    renderView(<ReportPanel info={reportInfo({ revision: 7 })} />);
    expect((await editor()).value).toBe('断网前写的结论');
    expect(screen.getByText('已恢复本机上尚未保存到服务器的报告内容，将自动保存。')).toBeTruthy();
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    await jump(autosaveDelayMs);
    await waitFor(() => expect(sent(api).map((s) => s.revision)).toEqual([9]));
    expect(textOf(sent(api)[0]!.content)).toBe('断网前写的结论');
  });

  it('keeps the server’s report when the browser’s copy is not newer', async () => {
    window.localStorage.setItem(
      reportDraftKey('501'),
      JSON.stringify({ revision: 2, doc: paragraph('旧的草稿') }),
    );
    fakeApi();
    renderView(<ReportPanel info={reportInfo()} />);
    expect((await editor()).value).toBe('传感器接线');
    expect(screen.queryByText(/已恢复/)).toBeNull();
    expect(window.localStorage.getItem(reportDraftKey('501'))).toBeNull();
  });

  it('saves on demand and when the page is left', async () => {
    const api = fakeApi(fakeRoute(teachingApi.reportSave, saveAnswer));
    const view = renderView(<ReportPanel info={reportInfo()} />);
    const box = await editor();
    write(box, '第一段');
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(sent(api).map((s) => s.revision)).toEqual([4]));
    expect(await screen.findByText('草稿已保存')).toBeTruthy();
    write(box, '第一段和第二段');
    view.unmount();
    await waitFor(() => expect(sent(api).map((s) => s.revision)).toEqual([4, 5]));
  });

  it('counts against the 10,000 characters and keeps an over-long report in the browser only', async () => {
    const api = fakeApi(fakeRoute(teachingApi.reportSave, saveAnswer));
    renderView(<ReportPanel info={reportInfo()} />);
    write(await editor(), '长'.repeat(10_001));
    expect(screen.getByText('10001 / 10000 字')).toBeTruthy();
    expect(screen.getByText('实验报告不能超过10000个字符')).toBeTruthy();
    expect(screen.getByRole('button', { name: /提交报告/ })).toHaveProperty('disabled', true);
    expect(readDraft('501')?.revision).toBe(4);
    expect(sent(api)).toEqual([]);
  });

  it('submits after a confirmation and shows the server’s refusal', async () => {
    let refuse = true;
    const api = fakeApi(
      fakeRoute(teachingApi.reportSubmit, () =>
        refuse
          ? refusal(400, {
              message: '老师已下发成绩，无法继续提交',
              errorKey: 'teaching.scores_issued_no_submit',
            })
          : { revision: 4, savedAt: '2026-03-01T10:00:00.000Z', length: 6 },
      ),
      fakeRoute(teachingApi.reportInfo, () =>
        reportInfo(refuse ? {} : { status: 'submitted', editable: false }),
      ),
    );
    renderView(<ReportInfo />, '/sch_edu/report/reportInfo?id=501');
    write(await editor(), '最终报告');
    fireEvent.click(screen.getByRole('button', { name: /提交报告/ }));
    const dialog = await screen.findByRole('dialog');
    // The confirmation speaks of the report alone: the task stays open (decision 0041).
    expect(within(dialog).getByText('只提交实验报告？')).toBeTruthy();
    expect(within(dialog).getByText(/只提交实验报告：提交后报告不能再修改/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提交报告' }));
    await waitFor(() =>
      expect(screen.getAllByText('老师已下发成绩，无法继续提交').length).toBeGreaterThan(0),
    );
    expect(api.bodies(teachingApi.reportSubmit)).toEqual([
      { studentTaskId: '501', content: paragraph('最终报告') },
    ]);

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: /提交报告/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '提交报告' }),
    );
    // Submitted: the report is shown as written, no longer in the editor.
    await waitFor(() => expect(screen.queryByLabelText('实验报告')).toBeNull());
    expect(screen.getByText('报告：已提交')).toBeTruthy();
    expect(readDraft('501')).toBeNull();
  });

  it('shows the report, the instructions, the comment and the score once issued', async () => {
    fakeApi(
      fakeRoute(
        teachingApi.reportInfo,
        reportInfo({
          status: 'submitted',
          editable: false,
          submittedAt: '2026-03-02T08:00:00.000Z',
          score: 90,
          comment: '结论清楚',
        }),
      ),
    );
    renderView(<ReportInfo />, '/sch_edu/report/reportInfo?id=501');
    expect(await screen.findByRole('heading', { name: 'MQTT 实训' })).toBeTruthy();
    expect(screen.getByText('传感器接线')).toBeTruthy();
    expect(screen.getByText('写出实验步骤和结果')).toBeTruthy();
    expect(screen.getByText('成绩：90 分')).toBeTruthy();
    expect(screen.getByText('教师评语：结论清楚')).toBeTruthy();
    expect(screen.getByText(/^2026-03-02/)).toBeTruthy();
    expect(screen.queryByLabelText('实验报告')).toBeNull();
  });
});
