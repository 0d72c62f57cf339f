import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { coursesApi, type StudentCourseCard } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { pageAnswer, type ApiCall } from '../../../test/api';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { searchFor } from '../../../test/antd';
import { clearToken } from '../../../shared/session';
import { CourseHall, MyStudy } from './CourseLists';
import { courseCard, courseInfo } from './testing';

setupTestEnvironment();
polyfillBrowser();
afterEach(() => clearToken());

/** Picks an option of a plain select by its text. */
function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  const value = within(select).getByRole<HTMLOptionElement>('option', { name: option }).value;
  fireEvent.change(select, { target: { value } });
}

const location = () => screen.getByTestId('location').textContent;

/** 30 courses; each page answers its own twelve. */
function hallAnswer(call: ApiCall) {
  const pageNum = Number(call.query.get('pageNum'));
  const records: StudentCourseCard[] = Array.from({ length: pageNum < 3 ? 12 : 6 }, (_, i) => {
    const n = (pageNum - 1) * 12 + i + 1;
    return courseCard({ id: String(100 + n), name: `课程 ${n}` });
  });
  return pageAnswer(records, 30)(call);
}

/** The menu opens the hall without a query, as the side menu does. */
function ElsewherePage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/sch_edu/course/index')}>
      菜单：课程大厅
    </button>
  );
}

function renderHallAndInfo(url = '/sch_edu/course/index') {
  return renderView(
    <Routes>
      <Route path="course/index" element={<CourseHall />} />
      <Route path="course/info" element={<ElsewherePage />} />
    </Routes>,
    url,
  );
}

describe('course hall', { timeout: 30_000 }, () => {
  it('shows course cards with their difficulty, specialty, counts and progress', async () => {
    fakeApi(
      fakeRoute(
        coursesApi.studentPage,
        pageAnswer(
          [
            courseCard({ coverUrl: '/covers/mqtt.png' }),
            courseCard({
              id: '12',
              name: 'Python 数据分析',
              difficulty: 'harder',
              specialty: 'big-data',
              chapterCount: 4,
              stepCount: 15,
              progress: { done: 3, total: 15, percent: 20, score: 0, lastStudiedAt: null },
            }),
          ],
          2,
        ),
      ),
    );
    renderHallAndInfo();
    const card = (await screen.findByText('Python 数据分析')).closest('.cs-card') as HTMLElement;
    expect(within(card).getByText('较难')).toBeTruthy();
    expect(within(card).getByText('大数据')).toBeTruthy();
    expect(within(card).getByText('4 章 · 15 步')).toBeTruthy();
    expect(within(card).getByText('已完成 3 / 15 步')).toBeTruthy();
    const first = screen.getByText('MQTT 与传感器').closest('.cs-card') as HTMLElement;
    expect(within(first).getByText('入门')).toBeTruthy();
    expect(within(first).getByText('物联网')).toBeTruthy();
    expect(within(first).getByText('未开始学习')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/covers/mqtt.png');
    fireEvent.click(within(card).getByRole('link', { name: 'Python 数据分析' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/info?id=12'));
  });

  it('asks the server for each page and filter, and keeps them in the address', async () => {
    const api = fakeApi(fakeRoute(coursesApi.studentPage, hallAnswer));
    renderHallAndInfo();
    await screen.findByText('课程 1');
    expect(api.queries(coursesApi.studentPage)).toEqual([{ pageNum: '1', pageSize: '12' }]);
    expect(screen.getByText('共 30 门课程')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('课程 13');
    expect(api.queries(coursesApi.studentPage).at(-1)).toEqual({ pageNum: '2', pageSize: '12' });
    expect(location()).toBe('/sch_edu/course/index?page=2');

    searchFor('按课程名称搜索', ' 课程 ');
    await waitFor(() =>
      expect(api.queries(coursesApi.studentPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '12',
        name: '课程',
      }),
    );
    choose('全部难度', '较难');
    await waitFor(() =>
      expect(api.queries(coursesApi.studentPage).at(-1)).toEqual({
        pageNum: '1',
        pageSize: '12',
        name: '课程',
        difficulty: 'harder',
      }),
    );
    choose('全部专业方向', '人工智能');
    await waitFor(() =>
      expect(location()).toBe(
        '/sch_edu/course/index?name=%E8%AF%BE%E7%A8%8B&difficulty=harder&specialty=ai&page=1',
      ),
    );
    expect(api.queries(coursesApi.studentPage).at(-1)).toEqual({
      pageNum: '1',
      pageSize: '12',
      name: '课程',
      difficulty: 'harder',
      specialty: 'ai',
    });
  });

  it('reads its filters and page from the address', async () => {
    const api = fakeApi(fakeRoute(coursesApi.studentPage, hallAnswer));
    renderHallAndInfo('/sch_edu/course/index?specialty=iot&difficulty=bad&page=3');
    await screen.findByText('课程 25');
    expect(api.queries(coursesApi.studentPage)).toEqual([
      { pageNum: '3', pageSize: '12', specialty: 'iot' },
    ]);
  });

  it('comes back as it was left: filters, page and scroll, without loading again', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const api = fakeApi(fakeRoute(coursesApi.studentPage, hallAnswer));
    renderHallAndInfo();
    await screen.findByText('课程 1');
    choose('全部专业方向', '物联网');
    await waitFor(() => expect(location()).toBe('/sch_edu/course/index?specialty=iot&page=1'));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('课程 13');
    const requests = api.queries(coursesApi.studentPage).length;

    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    fireEvent.scroll(window);
    fireEvent.click(screen.getByRole('link', { name: '课程 14' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/info?id=114'));

    fireEvent.click(screen.getByText('菜单：课程大厅'));
    // Shown at once from what was kept: no loading state in between.
    expect(screen.getByText('课程 14')).toBeTruthy();
    expect(document.querySelector('.ant-spin')).toBeNull();
    await waitFor(() => expect(location()).toBe('/sch_edu/course/index?specialty=iot&page=2'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    expect(api.queries(coursesApi.studentPage)).toHaveLength(requests);
    expect(screen.getByLabelText<HTMLSelectElement>('全部专业方向').value).toBe('iot');
  });

  it('starts afresh for another sign-in', async () => {
    const api = fakeApi(fakeRoute(coursesApi.studentPage, hallAnswer));
    const view = renderHallAndInfo();
    await screen.findByText('课程 1');
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByText('课程 13');
    view.unmount();
    act(() => clearToken());
    renderHallAndInfo();
    await screen.findByText('课程 1');
    expect(api.queries(coursesApi.studentPage).at(-1)).toEqual({ pageNum: '1', pageSize: '12' });
  });
});

describe('my study', { timeout: 30_000 }, () => {
  it('continues a course at its first step not done yet', async () => {
    fakeApi(
      fakeRoute(
        coursesApi.myStudy,
        pageAnswer(
          [
            courseCard({
              progress: {
                done: 2,
                total: 4,
                percent: 50,
                score: 8,
                lastStudiedAt: '2026-03-01T08:30:00.000Z',
              },
            }),
          ],
          1,
        ),
      ),
      fakeRoute(coursesApi.studentInfo, courseInfo()),
    );
    renderView(<MyStudy />, '/sch_edu/course/my-study');
    expect(await screen.findByText('我的学习')).toBeTruthy();
    expect(await screen.findByText('已完成 2 / 4 步')).toBeTruthy();
    expect(screen.getByText(/^上次学习：2026-03-01/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/study?id=702'));
  });

  it('points to the course hall when nothing is begun', async () => {
    fakeApi(fakeRoute(coursesApi.myStudy, pageAnswer([], 0)));
    renderView(<MyStudy />, '/sch_edu/course/my-study');
    expect(await screen.findByText('还没有开始学习任何课程，去课程大厅看看吧')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去课程大厅' }));
    await waitFor(() => expect(location()).toBe('/sch_edu/course/index'));
  });
});
