import { useRef, useState } from 'react';
import { Button, Input, Popover, Space, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  LinkOutlined,
  PictureOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { useTranslation } from 'react-i18next';
import {
  isAllowedHref,
  isAllowedImageSrc,
  richTextExtensions,
  type RichDocument,
} from '@platform/rich-text';
import type { Translation } from '../locales/zh-CN';
import './RichTextEditor.css';

type ToolKey = Exclude<keyof Translation['richText'], 'toolbar' | 'linkForm'>;

interface Tool {
  key: ToolKey;
  icon: React.ReactNode;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => boolean;
}

const tools: Tool[] = [
  {
    key: 'bold',
    icon: <BoldOutlined />,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    key: 'italic',
    icon: <ItalicOutlined />,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    icon: <UnderlineOutlined />,
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'strike',
    icon: <StrikethroughOutlined />,
    active: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    key: 'code',
    icon: <CodeOutlined />,
    active: (e) => e.isActive('code'),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    key: 'heading2',
    icon: 'H2',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    icon: 'H3',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    icon: <UnorderedListOutlined />,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    icon: <OrderedListOutlined />,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'blockquote',
    icon: '❝',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    key: 'codeBlock',
    icon: '{ }',
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  { key: 'undo', icon: <UndoOutlined />, run: (e) => e.chain().focus().undo().run() },
  { key: 'redo', icon: <RedoOutlined />, run: (e) => e.chain().focus().redo().run() },
];

/** The link of the selection: an address to set (or none to remove the link). */
function LinkTool({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);
  const active = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('link') });

  const show = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) {
      chain.unsetLink().run();
      setOpen(false);
      return;
    }
    if (!isAllowedHref(url)) {
      setInvalid(true);
      return;
    }
    if (editor.state.selection.empty && !active) {
      chain
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    } else chain.setLink({ href: url }).run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={show}
      trigger="click"
      content={
        <Space orientation="vertical" size={4}>
          <Space.Compact>
            <Input
              aria-label={t('richText.linkForm.url')}
              placeholder="https://"
              value={href}
              status={invalid ? 'error' : undefined}
              onChange={(e) => {
                setHref(e.target.value);
                setInvalid(false);
              }}
              onPressEnter={apply}
            />
            <Button type="primary" onClick={apply}>
              {t('richText.linkForm.apply')}
            </Button>
          </Space.Compact>
          {invalid && (
            <Typography.Text type="danger">{t('richText.linkForm.invalid')}</Typography.Text>
          )}
          {active && (
            <Button
              size="small"
              type="link"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                setOpen(false);
              }}
            >
              {t('richText.linkForm.remove')}
            </Button>
          )}
        </Space>
      }
    >
      <Tooltip title={t('richText.link')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          aria-label={t('richText.link')}
          aria-pressed={active}
          icon={<LinkOutlined />}
          onMouseDown={(e) => e.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}

/** Picks an image file, has `upload` store it, and inserts the image at its address. */
function ImageTool({
  editor,
  upload,
}: {
  editor: Editor;
  upload: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const insert = async (file: File) => {
    setUploading(true);
    try {
      const src = await upload(file);
      if (isAllowedImageSrc(src)) editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch {
      // The uploader reports its own failures.
    } finally {
      setUploading(false);
    }
  };
  return (
    <>
      <Tooltip title={t('richText.image')}>
        <Button
          size="small"
          type="text"
          aria-label={t('richText.image')}
          icon={<PictureOutlined />}
          loading={uploading}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        style={{ display: 'none' }}
        data-testid="rich-text-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void insert(file);
        }}
      />
    </>
  );
}

/**
 * A rich-text editor over the shared extension list (decision 0023): what it writes is what the
 * server's sanitiser accepts. Heavy, so features load it lazily (`React.lazy`). With
 * `onUploadImage` it offers an image button: the file goes to that upload, whose answer is the
 * image's address.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  onUploadImage,
}: {
  value?: RichDocument | null | undefined;
  onChange?: (doc: RichDocument) => void;
  /** The accessible name of the text area. */
  label: string;
  placeholder?: string;
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      ...richTextExtensions,
      UndoRedo,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON() as RichDocument),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(tools.map((tool) => [tool.key, Boolean(e && tool.active?.(e))])),
  });
  return (
    <div className="rich-text-editor">
      <Space size={2} wrap role="toolbar" aria-label={t('richText.toolbar')}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`richText.${tool.key}` as const)}>
            <Button
              size="small"
              type={active?.[tool.key] ? 'primary' : 'text'}
              aria-label={t(`richText.${tool.key}` as const)}
              aria-pressed={tool.active ? Boolean(active?.[tool.key]) : undefined}
              icon={tool.icon}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => tool.run(editor)}
            />
          </Tooltip>
        ))}
        <LinkTool editor={editor} />
        {onUploadImage && <ImageTool editor={editor} upload={onUploadImage} />}
      </Space>
      <EditorContent editor={editor} className="rich-text-editor__content rich-text" />
    </div>
  );
}
