import type { RichDocument } from '@platform/rich-text';

/**
 * The shared rich-text editor as a text area for tests: its text is the
 * document's one paragraph. Every test file that mocks the editor mocks it with this one, since
 * test files of a worker share their modules.
 */
export default function EditorDouble({
  value,
  onChange,
  label,
}: {
  value?: RichDocument | null;
  onChange: (doc: RichDocument) => void;
  label: string;
}) {
  return (
    <textarea
      aria-label={label}
      defaultValue={value?.content?.[0]?.content?.[0]?.text ?? ''}
      onChange={(e) =>
        onChange({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: e.target.value }] }],
        })
      }
    />
  );
}
