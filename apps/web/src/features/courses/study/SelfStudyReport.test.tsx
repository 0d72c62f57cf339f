import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, type StepReport } from '@platform/contract';
import { setupTestEnvironment, toastTexts } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { CourseStudy } from './CourseStudy';
import { courseInfo, paragraph, studyStep } from './testing';

setupTestEnvironment();
polyfillBrowser();

vi.mock('../../../shared/ui/RichTextEditor', () => import('../../../test/editorDouble'));

/** Decision 0041: a report step studied on one's own is written and finished in place. */

const reportStep = (completed: boolean) =>
  studyStep({
    id: '705',
    name: '2-1 实验报告',
    type: 'report',
    doc: paragraph('写出实验步骤和结果'),
    progress: { ...studyStep().progress, completed },
  });
const empty: StepReport = {
  stepId: '705',
  content: null,
  revision: 0,
  length: 0,
  savedAt: null,
  finishedAt: null,
};

describe('a self-study report step', { timeout: 30_000 }, () => {
  it('is written, saved and finished in place, with no "coming soon"', async () => {
    let finished = false;
    const api = fakeApi(
      fakeRoute(coursesApi.studyStep, () => reportStep(finished)),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
      fakeRoute(coursesApi.stepReport, () =>
        finished
          ? {
              ...empty,
              content: paragraph('传感器读数稳定'),
              revision: 2,
              length: 7,
              savedAt: '2026-03-01T10:00:00.000Z',
              finishedAt: '2026-03-01T10:00:00.000Z',
            }
          : empty,
      ),
      fakeRoute(coursesApi.stepReportSave, (call) => {
        const body = call.body as { revision: number; finish: boolean };
        if (body.finish) finished = true;
        return {
          revision: body.revision,
          savedAt: '2026-03-01T10:00:00.000Z',
          length: 7,
          finishedAt: body.finish ? '2026-03-01T10:00:00.000Z' : null,
        };
      }),
    );
    renderView(<CourseStudy />, '/sch_edu/course/study?id=705');
    expect(await screen.findByText('写出实验步骤和结果')).toBeTruthy();
    const editor = await screen.findByLabelText<HTMLTextAreaElement>('实验报告');
    expect(screen.queryByText(/即将开放|coming soon|opens soon/i)).toBeNull();

    fireEvent.change(editor, { target: { value: '传感器读数稳定' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() =>
      expect(api.bodies(coursesApi.stepReportSave)).toEqual([
        { stepId: '705', content: paragraph('传感器读数稳定'), revision: 1, finish: false },
      ]),
    );
    await waitFor(() => expect(toastTexts()).toContain('实验报告已保存'));

    fireEvent.click(screen.getByRole('button', { name: /完成报告/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('完成实验报告？')).toBeTruthy();
    expect(within(dialog).getByText(/不会交给老师评分，之后仍可以继续修改/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '完成报告' }));
    await waitFor(() =>
      expect(api.bodies(coursesApi.stepReportSave).at(-1)).toMatchObject({
        stepId: '705',
        finish: true,
      }),
    );
    expect(await screen.findByText(/已于 .* 完成，仍可继续修改/)).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(await screen.findByLabelText('实验报告')).toBeTruthy();
  });
});
