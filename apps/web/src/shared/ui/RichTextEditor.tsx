import { Button, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
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
import { richTextExtensions, type RichDocument } from '@platform/rich-text';
import type { Translation } from '../locales/zh-CN';
import './RichTextEditor.css';

type ToolKey = Exclude<keyof Translation['richText'], 'toolbar'>;

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

/**
 * A rich-text editor over the shared extension list (decision 0023): what it writes is what the
 * server's sanitiser accepts. Heavy, so features load it lazily (`React.lazy`).
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
}: {
  value?: RichDocument | null | undefined;
  onChange?: (doc: RichDocument) => void;
  /** The accessible name of the text area. */
  label: string;
  placeholder?: string;
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
      </Space>
      <EditorContent editor={editor} className="rich-text-editor__content rich-text" />
    </div>
  );
}
