import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { refusal, setupTestEnvironment, toastTexts } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import { classesApi } from '@platform/contract';
import { fakeApi, fakeRoute } from '../../test/fakeRoutes';
import { ArchiveClassDialog } from './ArchiveClassDialog';
import { sampleClass } from './testing';

setupTestEnvironment();
polyfillBrowser();

const url = '/sch_edu/school/classes';

const okButton = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).find(
    (b) => b.textContent?.replace(/\s/g, '') === '归档',
  )!;
const typeWord = (value: string) =>
  fireEvent.change(screen.getByLabelText('确认词'), { target: { value } });

describe('archive class dialog', { timeout: 30_000 }, () => {
  it('enables archiving only once the word delete is typed exactly', async () => {
    const onClose = vi.fn();
    const api = fakeApi(fakeRoute(classesApi.archive, sampleClass({ archived: true })));
    renderView(<ArchiveClassDialog record={sampleClass()} onClose={onClose} />, url);
    expect(await screen.findByText(/实训数据将被清除/)).toBeTruthy();
    expect(okButton().disabled).toBe(true);
    for (const attempt of ['delet', 'Delete', 'DELETE', ' delete', 'delete ', '删除']) {
      typeWord(attempt);
      expect(okButton().disabled, attempt).toBe(true);
    }
    // Enter does nothing while the word is wrong.
    fireEvent.keyDown(screen.getByLabelText('确认词'), { key: 'Enter', code: 'Enter' });
    expect(api.sent).toEqual([]);

    typeWord('delete');
    expect(okButton().disabled).toBe(false);
    fireEvent.click(okButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent.map((c) => [c.route, c.params, c.body])).toEqual([
      [classesApi.archive, { id: '501' }, { confirm: 'delete' }],
    ]);
    expect(toastTexts()).toContain('班级已归档');
  });

  it("shows the server's refusal and stays open", async () => {
    const onClose = vi.fn();
    fakeApi(
      fakeRoute(classesApi.archive, () =>
        refusal(409, { message: '该班级已归档，不能再修改', errorKey: 'classes.archived' }),
      ),
    );
    renderView(<ArchiveClassDialog record={sampleClass()} onClose={onClose} />, url);
    typeWord('delete');
    fireEvent.click(okButton());
    await waitFor(() => expect(toastTexts()).toContain('该班级已归档，不能再修改'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('确认词')).toBeTruthy();
  });
});
