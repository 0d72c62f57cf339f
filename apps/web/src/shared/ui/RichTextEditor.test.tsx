import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { sanitizeDocument, type RichDocument } from '@platform/rich-text';
import { setupTestEnvironment } from '../../test/helpers';
import RichTextEditor from './RichTextEditor';

setupTestEnvironment();

// jsdom does not lay text out; ProseMirror asks where the selection is after a command.
beforeAll(() => {
  const noRects = () => [] as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const hello: RichDocument = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello sensors' }] }],
};

describe('rich text editor', () => {
  it('shows the document, names its text area and offers a translated toolbar', async () => {
    render(<RichTextEditor value={hello} label="步骤内容" />);
    const box = await screen.findByRole('textbox', { name: '步骤内容' });
    expect(box.textContent).toBe('Hello sensors');
    const toolbar = screen.getByRole('toolbar', { name: '格式' });
    expect(toolbar).toBeTruthy();
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '撤销' })).toBeTruthy();
  });

  it('turns the current block into a heading and reports a document the server accepts', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value={hello} label="步骤内容" onChange={onChange} />);
    await screen.findByRole('textbox', { name: '步骤内容' });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '二级标题' }));
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const doc = onChange.mock.lastCall![0] as RichDocument;
    expect(doc.content?.[0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });
    expect(sanitizeDocument(doc)).toEqual(doc);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '二级标题' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
  });
});
