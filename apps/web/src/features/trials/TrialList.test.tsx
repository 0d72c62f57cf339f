import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, envelope, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { trialsApi } from '@platform/contract';
import { pageAnswer } from '../../test/api';
import { fakeRoute, fakeScreenApi, type FakeRoute } from '../../test/fakeRoutes';
import { chooseOption, clickButton, pickDate, rowOf, searchFor } from '../../test/antd';
import { formatTime } from '../../shared/dates';
import { TrialList } from './TrialList';
import { sampleTrial } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/operation/trials';

const rows = [
  sampleTrial(),
  sampleTrial({
    id: '502',
    applicant: '吴主任',
    phone: '13912340002',
    collegeName: '华东理工职业学院',
    productDirection: 'subject_llm',
    subjects: ['teaching_assistant', 'learning_analysis'],
    interestedContent: '',
  }),
  sampleTrial({
    id: '503',
    applicant: '孙老师',
    phone: '13912340004',
    productDirection: 'ai',
    status: 'processed',
    processedAt: '2026-06-02T03:00:00.000Z',
    processedByName: '陈运营',
  }),
];

function screenApi(permissions: string[], ...fakes: FakeRoute[]) {
  return fakeScreenApi(permissions, fakeRoute(trialsApi.list, pageAnswer(rows, 23)), ...fakes);
}

type Api = ReturnType<typeof screenApi>;
const listQueries = (api: Api) => api.queries(trialsApi.list);
const sends = (api: Api) => api.calls(trialsApi.sendMessage).map((c) => c.query.get('id'));

describe('trial management', { timeout: 30_000 }, () => {
  it('shows the server page with directions, subjects, status tags and who processed', async () => {
    const api = screenApi(['trial.send_message']);
    renderView(<TrialList />, url);
    const zhou = await waitFor(() => rowOf('周老师'));
    expect(within(zhou).getByText('物联网')).toBeTruthy();
    expect(within(zhou).getByText('申请中')).toBeTruthy();
    expect(within(zhou).getByText(formatTime(rows[0]!.createdAt))).toBeTruthy();
    await waitFor(() => expect(within(zhou).getByText('发送短信')).toBeTruthy());
    const wu = rowOf('吴主任');
    expect(within(wu).getByText('学科大模型')).toBeTruthy();
    expect(within(wu).getByText('AI 助教、AI 学情分析')).toBeTruthy();
    const sun = rowOf('孙老师');
    expect(within(sun).getByText('已处理')).toBeTruthy();
    expect(within(sun).getByText(`陈运营 于 ${formatTime(rows[2]!.processedAt)}`)).toBeTruthy();
    expect(within(sun).queryByText('发送短信')).toBeNull();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(listQueries(api)[0]).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('sends filters, the date range and paging to the server', async () => {
    const api = screenApi([]);
    renderView(<TrialList />, url);
    await waitFor(() => rowOf('周老师'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listQueries(api).at(-1)?.pageNum).toBe('2'));

    await chooseOption(screen.getByLabelText('全部状态'), '已处理');
    await chooseOption(screen.getByLabelText('全部产品方向'), '学科大模型');
    searchFor('搜索申请人、手机号或学校', ' 江南 ');
    pickDate('开始日期', '2026-01-01');
    pickDate('结束日期', '2027-02-01');
    expect(await screen.findByText('时间范围最长一年')).toBeTruthy();
    const before = listQueries(api).length;
    pickDate('结束日期', '2025-12-31');
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    expect(listQueries(api)).toHaveLength(before);
    pickDate('结束日期', '2026-03-31');
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(before));
    const q = listQueries(api).at(-1)!;
    expect(q).toMatchObject({
      pageNum: '1',
      keyword: '江南',
      status: 'processed',
      productDirection: 'subject_llm',
    });
    expect(new Date(q.from!).getDate()).toBe(1);
    expect(new Date(q.to!).getHours()).toBe(23);
    clickButton('重置');
    await waitFor(() => expect(listQueries(api).at(-1)?.from).toBeUndefined());
  });

  it('hides the send action without the permission', async () => {
    screenApi([]);
    renderView(<TrialList />, url);
    await waitFor(() => rowOf('周老师'));
    expect(screen.queryByText('发送短信')).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('sends the message after confirming and reloads the list', async () => {
    const api = screenApi(
      ['trial.send_message'],
      fakeRoute(trialsApi.sendMessage, {
        ...rows[0]!,
        status: 'processed',
        processedAt: '2026-06-03T02:00:00.000Z',
        processedByName: '陈运营',
      }),
    );
    renderView(<TrialList />, url);
    const row = await waitFor(() => rowOf('周老师'));
    const loads = listQueries(api).length;
    fireEvent.click(await within(row).findByText('发送短信'));
    await screen.findByText(
      '确定向“周老师”（13912340001）发送试用受理短信吗？发送后申请将标记为已处理。',
    );
    expect(sends(api)).toEqual([]);
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('短信已发送，申请已处理'));
    expect(sends(api)).toEqual(['501']);
    expect(api.calls(trialsApi.sendMessage)[0]?.method).toBe('POST');
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(loads));
  });

  it('says the message failed with the reason', async () => {
    screenApi(
      ['trial.send_message'],
      fakeRoute(trialsApi.sendMessage, () =>
        jsonResponse(
          envelope(null, 9999, {
            message: '短信发送失败，请稍后再试',
            errorKey: 'sms.send_failed',
          }),
          502,
        ),
      ),
    );
    renderView(<TrialList />, url);
    fireEvent.click(await within(await waitFor(() => rowOf('周老师'))).findByText('发送短信'));
    clickButton('确定');
    await waitFor(() => expect(toastTexts()).toContain('发送失败：短信发送失败，请稍后再试'));
  });

  it('says the list failed and loads it again on retry', async () => {
    let failures = 1;
    fakeScreenApi(
      [],
      fakeRoute(trialsApi.list, (call) =>
        failures-- > 0
          ? jsonResponse(envelope(null, 9999, { message: '服务器错误' }), 500)
          : pageAnswer(rows, 3)(call),
      ),
    );
    renderView(<TrialList />, url);
    expect(await screen.findByText('查询失败：服务器错误')).toBeTruthy();
    clickButton('重试');
    await waitFor(() => rowOf('周老师'));
  });
});
