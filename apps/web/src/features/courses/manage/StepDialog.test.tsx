import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { coursesApi, pathOf, type StepSave } from '@platform/contract';
import { envelope, refusal, setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../../test/render';
import { fakeApi, fakeRoute, type RouteCall } from '../../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  labelErrorOf,
  typeInto,
} from '../../../test/antd';
import { stubXhr } from '../../../test/xhr';
import { StepDialog } from './StepDialog';

setupTestEnvironment();
polyfillBrowser();

// jsdom does not lay text out; ProseMirror asks where the selection is.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const chapter = { id: '801', name: '第一章 认识 MQTT' };
/** The saved step as the server answers it. */
const savedStep = (call: RouteCall) => ({ id: '1001', fileUrl: null, ...(call.body as StepSave) });
/** A signed address of a file of the course, as an upload answers it. */
const signedFile = (fileId: string) =>
  `${pathOf(coursesApi.file.path, { courseId: '701', fileId })}?e=1760000000&s=abcdefghijklmnopqrstuv`;
const environments = [{ id: '901', name: '智能家居仿真', kind: 'emulation' }];

function open(opts: { environments?: typeof environments; onAddEnvironment?: () => void } = {}) {
  const api = fakeApi(fakeRoute(coursesApi.stepSave, savedStep));
  const onClose = vi.fn();
  renderWithProviders(
    <StepDialog
      course={{ id: '701', environments: opts.environments ?? [] }}
      chapter={chapter}
      onAddEnvironment={opts.onAddEnvironment ?? (() => undefined)}
      onClose={onClose}
    />,
  );
  return { api, onClose, saves: () => api.bodies(coursesApi.stepSave) };
}

/** Chooses the step type and waits for its editor, known by one of its inputs. */
async function chooseType(type: string, input: string) {
  await chooseOption(field('步骤类型'), type);
  await waitFor(() => field(input));
}

const group = (name: string) => screen.getByRole('group', { name });
const rightFlag = (option: string) => within(group(option)).getByLabelText('正确答案');

describe('step editor', { timeout: 60_000 }, () => {
  it('holds a single-choice question to exactly one right option and a multiple to one at least', async () => {
    const { saves, onClose } = open();
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '1-3 小测验');
    await chooseType('题目', '题干（中文）');
    typeInto('题干（中文）', 'MQTT 默认使用哪个端口？');
    typeInto('选项 1（中文）', '1883');
    typeInto('选项 2（中文）', '80');

    const singleRule = '单选题需要且只能有一个正确答案';
    clickButton('保存');
    expect(await screen.findByText(singleRule)).toBeTruthy();
    fireEvent.click(rightFlag('选项 1'));
    await waitFor(() => expect(screen.queryByText(singleRule)).toBeNull());
    fireEvent.click(rightFlag('选项 2'));
    expect(await screen.findByText(singleRule)).toBeTruthy();
    clickButton('保存');
    await waitFor(() => expect(screen.getByText(singleRule)).toBeTruthy());
    expect(saves()).toEqual([]);

    await chooseOption(field('题型'), '多选题');
    fireEvent.click(rightFlag('选项 1'));
    fireEvent.click(rightFlag('选项 2'));
    clickButton('保存');
    expect(await screen.findByText('多选题至少需要一个正确答案')).toBeTruthy();
    expect(saves()).toEqual([]);

    fireEvent.click(rightFlag('选项 2'));
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toEqual([
      {
        chapterId: '801',
        name: { zh: '1-3 小测验' },
        content: {
          type: 'question',
          questions: [
            {
              kind: 'multiple',
              stem: { zh: 'MQTT 默认使用哪个端口？' },
              score: 5,
              options: [
                { text: { zh: '1883' }, right: false },
                { text: { zh: '80' }, right: true },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('checks the stem and option lengths of the contract', async () => {
    const { saves } = open();
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    await chooseType('题目', '题干（中文）');
    typeInto('题干（中文）', '端口');
    await waitFor(() => expect(errorOf('题干（中文）')).toBe('题干为 3 到 200 个字符'));
    typeInto('选项 1（English）', 'x'.repeat(151));
    await waitFor(() => expect(errorOf('选项 1（English）')).toBe('选项为 1 到 150 个字符'));
    clickButton('保存');
    await waitFor(() => expect(errorOf('步骤名称（中文）')).toBe('请至少填写一种语言'));
    expect(saves()).toEqual([]);
  });

  it('a lab step of a course without environments says to add one first', async () => {
    const onAddEnvironment = vi.fn();
    const { saves } = open({ onAddEnvironment });
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '2-1 实训');
    await chooseOption(field('步骤类型'), '实训');
    expect(await screen.findByText('请先添加课程环境')).toBeTruthy();
    clickButton('添加课程环境');
    expect(onAddEnvironment).toHaveBeenCalledTimes(1);
    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('实验环境')).toBe('请选择实验环境'));
    expect(saves()).toEqual([]);
  });

  it('configures the commands of a lab step: add, fill, reorder and remove', async () => {
    const { saves, onClose } = open({ environments });
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '2-1 智能家居');
    await chooseType('实训', '实验环境');
    await chooseOption(field('实验环境'), '智能家居仿真');

    clickButton('添加命令');
    clickButton('添加命令');
    clickButton('添加命令');
    const fill = (row: string, title: string, command: string) => {
      const box = group(row);
      fireEvent.change(within(box).getByLabelText(/^\*?标题（中文）$/), {
        target: { value: title },
      });
      fireEvent.change(within(box).getByLabelText(/^\*?命令$/), { target: { value: command } });
    };
    fill('命令 1', '订阅', 'mosquitto_sub -t home/#');
    fill('命令 2', '发布', 'mosquitto_pub -t home/light -m on');
    fill('命令 3', '多余', 'echo x');
    fireEvent.click(within(group('命令 3')).getByLabelText('删除 命令 3'));
    await waitFor(() => expect(screen.queryByRole('group', { name: '命令 3' })).toBeNull());
    fireEvent.click(within(group('命令 2')).getByLabelText('上移'));

    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()[0]).toMatchObject({
      content: {
        type: 'training',
        envId: '901',
        doc: {},
        commands: [
          { title: { zh: '发布' }, command: 'mosquitto_pub -t home/light -m on' },
          { title: { zh: '订阅' }, command: 'mosquitto_sub -t home/#' },
        ],
      },
    });
  });

  it('configures checks of a lab step: a script, and a file path that must stay in the home', async () => {
    const { saves, onClose } = open({ environments });
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '2-2 实训');
    await chooseType('实训', '实验环境');
    await chooseOption(field('实验环境'), '智能家居仿真');

    clickButton('添加检查');
    clickButton('添加检查');
    const one = group('检查 1');
    fireEvent.change(within(one).getByLabelText(/^\*?检查名称（中文）$/), {
      target: { value: '结果已保存' },
    });
    fireEvent.change(within(one).getByLabelText('检查脚本'), {
      target: { value: 'test -s result.txt' },
    });
    const two = group('检查 2');
    fireEvent.change(within(two).getByLabelText(/^\*?检查名称（中文）$/), {
      target: { value: '风扇已打开' },
    });
    await chooseOption(within(two).getByLabelText('检查方式'), '文件内容');
    await waitFor(() => within(two).getByLabelText('文件路径（相对主目录）'));
    fireEvent.change(within(two).getByLabelText('文件路径（相对主目录）'), {
      target: { value: '../etc/passwd' },
    });
    fireEvent.click(within(two).getByLabelText('隐藏'));

    clickButton('保存');
    await waitFor(() => expect(within(two).getByText(/路径相对主目录且不含/)).toBeTruthy());
    expect(saves()).toEqual([]);

    fireEvent.change(within(two).getByLabelText('文件路径（相对主目录）'), {
      target: { value: 'notes/fan.txt' },
    });
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()[0]).toMatchObject({
      content: {
        checks: [
          {
            kind: 'script',
            title: { zh: '结果已保存' },
            score: 5,
            hidden: false,
            script: 'test -s result.txt',
            timeoutSeconds: 10,
          },
          {
            kind: 'file',
            title: { zh: '风扇已打开' },
            score: 5,
            hidden: true,
            path: 'notes/fan.txt',
          },
        ],
      },
    });
    expect(
      Object.keys((saves()[0] as { content: { checks: object[] } }).content.checks[1]!),
    ).not.toContain('script');
  });

  it('configures a device check and a telemetry check, and marks a pattern the server refuses', async () => {
    let refuse = true;
    const api = fakeApi(
      fakeRoute(coursesApi.stepSave, (call) => {
        if (!refuse) return savedStep(call);
        refuse = false;
        return refusal(400, {
          message: '检查的正则表达式无法运行，请修改标出的表达式',
          errorKey: 'courses.check_pattern_unsupported',
          fields: { 'content.checks.2.pattern': 'unsupported_pattern' },
        });
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <StepDialog
        course={{ id: '701', environments }}
        chapter={chapter}
        onAddEnvironment={() => undefined}
        onClose={onClose}
      />,
    );
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '2-2 实训');
    await chooseType('实训', '实验环境');
    await chooseOption(field('实验环境'), '智能家居仿真');
    for (let i = 0; i < 3; i++) clickButton('添加检查');

    const fan = group('检查 1');
    fireEvent.change(within(fan).getByLabelText(/^\*?检查名称（中文）$/), {
      target: { value: '风扇已打开' },
    });
    await chooseOption(within(fan).getByLabelText('检查方式'), '设备状态（仿真）');
    await waitFor(() => within(fan).getByLabelText('设备编号'));
    fireEvent.change(within(fan).getByLabelText('设备编号'), { target: { value: 'Fan!' } });
    const saved = group('检查 2');
    fireEvent.change(within(saved).getByLabelText(/^\*?检查名称（中文）$/), {
      target: { value: '保存了遥测' },
    });
    await chooseOption(within(saved).getByLabelText('检查方式'), '保存的遥测消息');
    await waitFor(() => within(saved).getByLabelText('至少几条消息'));
    fireEvent.change(within(saved).getByLabelText('文件路径（相对主目录）'), {
      target: { value: 'telemetry.txt' },
    });
    const file = group('检查 3');
    fireEvent.change(within(file).getByLabelText(/^\*?检查名称（中文）$/), {
      target: { value: '答案' },
    });
    await chooseOption(within(file).getByLabelText('检查方式'), '文件内容');
    await waitFor(() => within(file).getByLabelText('应匹配的正则表达式'));
    fireEvent.change(within(file).getByLabelText('文件路径（相对主目录）'), {
      target: { value: 'answer.txt' },
    });
    fireEvent.change(within(file).getByLabelText('应匹配的正则表达式'), {
      target: { value: '(a)\\1' },
    });

    clickButton('保存');
    await waitFor(() => expect(within(fan).getByText(/设备编号为小写字母/)).toBeTruthy());
    expect(api.calls(coursesApi.stepSave)).toEqual([]);
    fireEvent.change(within(fan).getByLabelText('设备编号'), { target: { value: 'fan' } });
    clickButton('保存');
    await waitFor(() =>
      expect(within(file).getByText(/检查不支持此正则表达式：不能使用反向引用和环视/)).toBeTruthy(),
    );
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(within(file).getByLabelText('应匹配的正则表达式'), {
      target: { value: '^a+$' },
    });
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(coursesApi.stepSave).at(-1)).toMatchObject({
      content: {
        checks: [
          { kind: 'device', title: { zh: '风扇已打开' }, device: 'fan', on: true, score: 5 },
          { kind: 'telemetry', title: { zh: '保存了遥测' }, path: 'telemetry.txt', count: 3 },
          { kind: 'file', path: 'answer.txt', pattern: '^a+$' },
        ],
      },
    });
  });

  it('marks neither language of the step name required: an English name alone is saved', async () => {
    const { saves, onClose } = open();
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    for (const label of ['步骤名称（中文）', '步骤名称（English）']) {
      const item = field(label).closest('.ant-form-item');
      expect(item?.querySelector('.form-required-mark')).toBeNull();
    }
    clickButton('保存');
    await waitFor(() => expect(errorOf('步骤名称（中文）')).toBe('请至少填写一种语言'));
    typeInto('步骤名称（English）', '1-1 Reading');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()[0]).toMatchObject({ name: { en: '1-1 Reading' } });
  });

  it('marks the content the server names, nested inside the document, when it refuses an empty one', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.stepSave, () =>
        refusal(400, {
          message: '输入有误，请检查后重试',
          errorKey: 'common.invalid_input',
          fields: { 'content.doc': 'required' },
        }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <StepDialog
        course={{ id: '701', environments }}
        chapter={chapter}
        onAddEnvironment={() => undefined}
        onClose={onClose}
      />,
    );
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '1-1 说明');
    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('内容')).toBe('此项为必填项'));
    expect(api.calls(coursesApi.stepSave)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('inserts an uploaded image into a document at its signed address, which shows at once', async () => {
    const { saves, onClose } = open();
    const signed = signedFile('img0000001');
    const sent = stubXhr(() => ({
      status: 200,
      body: envelope({
        fileId: 'img0000001',
        name: 'wiring.png',
        size: 4096,
        contentType: 'image/png',
        url: signed,
      }),
    }));
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '1-1 接线');
    const input = await screen.findByTestId('rich-text-image-input');
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File(['png'], 'wiring.png', { type: 'image/png' })] },
      });
    });
    const box = screen.getByRole('textbox', { name: '内容（中文）' });
    await waitFor(() => expect(box.querySelector('img')?.getAttribute('src')).toBe(signed));
    expect(sent[0]!.body?.get('kind')).toBe('image');
    expect(sent[0]!.body?.get('courseId')).toBe('701');

    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const doc = (saves()[0] as { content: { doc: { zh: unknown } } }).content.doc.zh;
    // The server keeps the path without the signature (decision 0024).
    expect(JSON.stringify(doc)).toContain(`"src":"${signed}"`);
  });

  it('uploads a video with a progress bar, then names and previews it', async () => {
    const { saves, onClose } = open();
    const sent = stubXhr();
    await screen.findByText('新增步骤：第一章 认识 MQTT');
    typeInto('步骤名称（中文）', '1-4 演示视频');
    await chooseType('视频', '文件');
    clickButton('保存');
    await waitFor(() => expect(labelErrorOf('文件')).toBe('请上传文件'));

    const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['webm'], 'intro.webm', { type: 'video/webm' })] },
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body?.get('kind')).toBe('video');
    act(() => sent[0]!.progress(40, 100));
    expect(await screen.findByText('正在上传 intro.webm')).toBeTruthy();
    expect(document.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('40');
    const signed = signedFile('vid0000001');
    act(() =>
      sent[0]!.respond(
        200,
        envelope({
          fileId: 'vid0000001',
          name: 'intro.webm',
          size: 4,
          contentType: 'video/webm',
          url: signed,
        }),
      ),
    );
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe(signed));
    expect(screen.getByText('intro.webm')).toBeTruthy();
    expect(screen.queryByText('正在上传 intro.webm')).toBeNull();

    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()[0]).toMatchObject({
      content: { type: 'video', file: { fileId: 'vid0000001', name: 'intro.webm' } },
    });
  });
});
