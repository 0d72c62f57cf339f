import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { coursesApi } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../../test/render';
import { callsTo, mockPaths, type ApiCall } from '../../../test/api';
import { clickButton, errorOf, field, typeInto } from '../../../test/antd';
import { ChapterDialog } from './ChapterDialog';

setupTestEnvironment();
polyfillBrowser();

const savePath = coursesApi.chapterSave.path;
const marked = (label: string) =>
  Boolean(field(label).closest('.ant-form-item')?.querySelector('.form-required-mark'));

describe('chapter dialog', () => {
  it('marks neither language of the name required, refuses both empty and saves either alone', async () => {
    const calls = mockPaths({
      [savePath]: (call: ApiCall) => ({ id: '801', ...(call.body as object) }),
    });
    const onClose = vi.fn();
    renderWithProviders(<ChapterDialog courseId="701" onClose={onClose} />);
    await screen.findByText('新增章节');
    for (const label of ['章节名称（中文）', '章节名称（English）']) {
      expect(marked(label)).toBe(false);
      expect(field(label).getAttribute('placeholder')).toBe('中文、英文至少填写一种');
    }

    clickButton('保存');
    await waitFor(() => expect(errorOf('章节名称（中文）')).toBe('请至少填写一种语言'));
    expect(errorOf('章节名称（English）')).toBe('请至少填写一种语言');
    expect(callsTo(calls, savePath)).toEqual([]);

    typeInto('章节名称（English）', 'Getting started');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, savePath)[0]?.body).toMatchObject({
      courseId: '701',
      name: { en: 'Getting started' },
    });
  });
});
