import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { coursesApi, pathOf } from '@platform/contract';
import { envelope, setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderView } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import {
  chooseOption,
  clickButton,
  errorOf,
  field,
  labelErrorOf,
  typeInto,
} from '../../../test/antd';
import { stubXhr } from '../../../test/xhr';
import { CourseEdit } from './CourseEdit';
import { sampleCourse, sampleCourseEdit } from './testing';

setupTestEnvironment();
polyfillBrowser();

// jsdom does not lay text out; ProseMirror asks where the selection is.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  URL.createObjectURL ??= () => 'blob:cover';
  URL.revokeObjectURL ??= () => undefined;
});

const coverUrl = `${pathOf(coursesApi.file.path, { courseId: '701', fileId: 'cover0001' })}?e=1&s=abcdefghijklmnopqrstuv`;

function chooseCover(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const coverHelp = () => labelErrorOf('封面');

/** Fills a new course with a cover and saves it. */
async function saveNewCourseWithCover() {
  renderView(<CourseEdit />, '/sch_edu/teaching/courses/add');
  await screen.findByText('新建课程');

  typeInto('课程名称（中文）', 'MQTT 与传感器');
  typeInto('课程概述（中文）', '用 MQTT 连接传感器');
  await chooseOption(field('难度'), '入门');
  await chooseOption(field('专业'), '物联网');
  chooseCover(fileOf('cover.png', 'image/png', 2048));
  await waitFor(() => expect(screen.getByText('移除封面')).toBeTruthy());
  clickButton('保存');
}

describe('course form', { timeout: 30_000 }, () => {
  it('checks the name, difficulty, specialty and cover before anything is sent', async () => {
    const api = fakeApi(fakeRoute(coursesApi.save, sampleCourse()));
    const sent = stubXhr();
    renderView(<CourseEdit />, '/sch_edu/teaching/courses/add');
    expect(await screen.findByText('新建课程')).toBeTruthy();

    clickButton('保存');
    await waitFor(() => expect(errorOf('课程名称（中文）')).toBe('请至少填写一种语言的课程名称'));
    expect(errorOf('课程名称（English）')).toBe('请至少填写一种语言的课程名称');
    expect(labelErrorOf('难度')).toBe('请选择难度');
    expect(labelErrorOf('专业')).toBe('请选择专业');

    typeInto('课程名称（中文）', '物联');
    await waitFor(() => expect(errorOf('课程名称（中文）')).toBe('课程名称为 3 到 25 个字符'));
    // One language is enough: the other input's "at least one" goes away.
    await waitFor(() => expect(errorOf('课程名称（English）')).toBeNull());
    typeInto('课程名称（English）', 'x'.repeat(26));
    await waitFor(() => expect(errorOf('课程名称（English）')).toBe('课程名称为 3 到 25 个字符'));
    typeInto('课程名称（English）', ' MQTT');
    await waitFor(() => expect(errorOf('课程名称（English）')).toBe('首尾不能有空格'));

    chooseCover(fileOf('cover.gif', 'image/gif', 1000));
    await waitFor(() => expect(coverHelp()).toBe('封面只能是 JPG 或 PNG 图片'));
    chooseCover(fileOf('cover.png', 'image/png', 5 * 1024 * 1024 + 1));
    await waitFor(() => expect(coverHelp()).toBe('封面图片不能超过 5 MB'));

    clickButton('保存');
    await waitFor(() => expect(errorOf('课程名称（中文）')).toBe('课程名称为 3 到 25 个字符'));
    expect(api.calls(coursesApi.save)).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('saves a new course, then sends its cover and saves it with the cover', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.save, sampleCourse()),
      // The form stays mounted at the configuration's address and loads the saved course.
      fakeRoute(
        coursesApi.edit,
        sampleCourseEdit({ names: { zh: 'MQTT 与传感器' }, coverFileId: 'cover0001', coverUrl }),
      ),
    );
    const sent = stubXhr(() => ({
      status: 200,
      body: envelope({
        fileId: 'cover0001',
        name: 'cover.png',
        size: 2048,
        contentType: 'image/png',
        url: coverUrl,
      }),
    }));
    await saveNewCourseWithCover();

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/sch_edu/teaching/courses/config?id=701',
      ),
    );
    const saves = api.bodies(coursesApi.save);
    expect(saves[0]).toEqual({
      name: { zh: 'MQTT 与传感器' },
      difficulty: 'entry',
      specialty: 'iot',
      overview: { zh: '用 MQTT 连接传感器' },
      description: {},
      envIds: [],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(coursesApi.fileUpload.path);
    expect(sent[0]!.body?.get('courseId')).toBe('701');
    expect(sent[0]!.body?.get('kind')).toBe('cover');
    expect(saves[1]).toEqual({ ...(saves[0] as object), id: '701', coverFileId: 'cover0001' });
  });
  it('keeps nothing when the cover is refused: the new course is taken back and the form stays', async () => {
    const api = fakeApi(
      fakeRoute(coursesApi.save, sampleCourse()),
      fakeRoute(coursesApi.remove, null),
    );
    const sent = stubXhr(() => ({
      status: 400,
      body: envelope(null, 9000, {
        message: '封面只能是 JPG 或 PNG 图片',
        errorKey: 'courses.cover_type',
        fields: { file: 'invalid_format' },
      }),
    }));
    await saveNewCourseWithCover();

    await waitFor(() => expect(coverHelp()).toBe('封面只能是 JPG 或 PNG 图片'));
    expect(sent).toHaveLength(1);
    expect(api.bodies(coursesApi.remove)).toEqual([{ id: '701' }]);
    expect(api.calls(coursesApi.save)).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/sch_edu/teaching/courses/add');
    expect(screen.getByText('新建课程')).toBeTruthy();
  });
});
