import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import { parseDocument, showing, type RichDocument } from './document.ts';
import { richTextExtensions } from './extensions.ts';

/**
 * The document as HTML, without a DOM. It is read against the schema again first, so a document
 * that did not come through `sanitizeDocument` is refused with a `RichTextError` (images from
 * outside the platform's files are left out); the web still passes the HTML through DOMPurify
 * before inserting it.
 */
export function renderHtml(doc: RichDocument): string {
  return renderToHTMLString({
    content: parseDocument(doc, showing),
    extensions: richTextExtensions,
  });
}

/** The document's text, blocks and line breaks as newlines: for previews and search. */
export function plainText(doc: RichDocument): string {
  const node = parseDocument(doc, showing);
  return node.textBetween(0, node.content.size, '\n', (leaf) =>
    leaf.type.name === 'hardBreak' ? '\n' : '',
  );
}
