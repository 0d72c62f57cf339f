import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { coursesApi, type ChapterSave } from '@platform/contract';
import { setupTestEnvironment } from '../../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../../test/render';
import { fakeApi, fakeRoute } from '../../../test/fakeRoutes';
import { clickButton, errorOf, field, typeInto } from '../../../test/antd';
import { ChapterDialog } from './ChapterDialog';

setupTestEnvironment();
polyfillBrowser();

const marked = (label: string) =>
  Boolean(field(label).closest('.ant-form-item')?.querySelector('.form-required-mark'));

describe('chapter dialog', () => {
  it('marks neither language of the name required, refuses both empty and saves either alone', async () => {
    // The server answers the saved chapter as the editor reads it.
    const api = fakeApi(
      fakeRoute(coursesApi.chapterSave, (call) => {
        const body = call.body as ChapterSave;
        return { id: '801', name: body.name, description: body.description ?? null, steps: [] };
      }),
    );
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
    expect(api.calls(coursesApi.chapterSave)).toEqual([]);

    typeInto('章节名称（English）', 'Getting started');
    clickButton('保存');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(coursesApi.chapterSave)[0]).toMatchObject({
      courseId: '701',
      name: { en: 'Getting started' },
    });
  });
});
