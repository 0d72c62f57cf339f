import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { generateJSON } from '@tiptap/react';
import { richTextExtensions, sanitizeDocument, type RichDocument } from '@platform/rich-text';
import { cmsApi, coursesApi, pathOf } from '@platform/contract';
import { setupTestEnvironment, stubAntdBrowserApis } from '../../test/helpers';
import RichTextEditor from './RichTextEditor';

setupTestEnvironment();

// jsdom does not lay text out; ProseMirror asks where the selection is after a command.
beforeAll(() => {
  stubAntdBrowserApis();
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

  it('offers the image button only with an upload, and inserts the image at the address it answers', async () => {
    const { unmount } = render(<RichTextEditor value={hello} label="步骤内容" />);
    await screen.findByRole('textbox', { name: '步骤内容' });
    expect(screen.queryByRole('button', { name: '插入图片' })).toBeNull();
    expect(screen.getByRole('button', { name: '链接' })).toBeTruthy();
    unmount();

    const onChange = vi.fn();
    const fileOf = (fileId: string) => pathOf(coursesApi.file.path, { courseId: '701', fileId });
    const upload = vi.fn(async (file: File) => fileOf(file.name.slice(0, 8)));
    render(
      <RichTextEditor value={hello} label="步骤内容" onChange={onChange} onUploadImage={upload} />,
    );
    const box = await screen.findByRole('textbox', { name: '步骤内容' });
    expect(screen.getByRole('button', { name: '插入图片' })).toBeTruthy();
    const picked = new File(['png'], 'wiring01.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('rich-text-image-input'), {
        target: { files: [picked] },
      });
    });
    expect(upload).toHaveBeenCalledWith(picked);
    await waitFor(() =>
      expect(box.querySelector('img')?.getAttribute('src')).toBe(fileOf('wiring01')),
    );
    const doc = onChange.mock.lastCall![0] as RichDocument;
    expect(JSON.stringify(doc)).toContain(`"src":"${fileOf('wiring01')}"`);
    expect(sanitizeDocument(doc)).toEqual(doc);
  });

  it('inserts nothing when the upload fails or answers an address images may not have', async () => {
    const failing = vi.fn(async () => {
      throw new Error('upload failed');
    });
    const { unmount } = render(
      <RichTextEditor value={hello} label="步骤内容" onUploadImage={failing} />,
    );
    const box = await screen.findByRole('textbox', { name: '步骤内容' });
    const pick = async () =>
      act(async () => {
        fireEvent.change(screen.getByTestId('rich-text-image-input'), {
          target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
        });
      });
    await pick();
    expect(failing).toHaveBeenCalled();
    expect(box.querySelector('img')).toBeNull();
    unmount();

    render(
      <RichTextEditor
        value={hello}
        label="步骤内容"
        onUploadImage={async () => 'javascript:alert(1)'}
      />,
    );
    const again = await screen.findByRole('textbox', { name: '步骤内容' });
    await pick();
    expect(again.querySelector('img')).toBeNull();
  });

  it('keeps only images of the platform files from pasted markup', () => {
    const own = pathOf(cmsApi.image.path, { fileId: 'abc123' });
    const pasted = generateJSON(
      '<p>接线图</p><img src="https://tracker.example/pixel.png" alt="外链">' +
        `<img src="${own}" alt="本站">`,
      richTextExtensions,
    ) as RichDocument;
    expect(pasted.content?.filter((node) => node.type === 'image')).toEqual([
      { type: 'image', attrs: { src: own, alt: '本站' } },
    ]);
    expect(sanitizeDocument(pasted)).toEqual(pasted);
  });

  it('links to http, https and mailto addresses only', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value={hello} label="步骤内容" onChange={onChange} />);
    await screen.findByRole('textbox', { name: '步骤内容' });
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByLabelText('链接地址');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    expect(await screen.findByText('只能链接到 http、https 或 mailto 地址')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: 'https://mqtt.org' } });
    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const doc = onChange.mock.lastCall![0] as RichDocument;
    expect(JSON.stringify(doc)).toContain('"href":"https://mqtt.org"');
    expect(sanitizeDocument(doc)).toEqual(doc);
  });
});
