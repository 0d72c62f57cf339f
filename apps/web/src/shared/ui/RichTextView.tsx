import { useMemo } from 'react';
import { renderHtml, type RichDocument } from '@platform/rich-text';
import { sanitizeHtml } from '../sanitizeHtml';
import './RichTextView.css';

/**
 * A stored rich-text document, read-only: rendered by the shared schema (which refuses anything
 * it does not know) and put into the page through DOMPurify (decision 0023). A document that
 * cannot be rendered shows nothing rather than failing the page.
 */
export function RichTextView({
  doc,
  className,
}: {
  doc: RichDocument | null | undefined;
  className?: string;
}) {
  const html = useMemo(() => {
    if (!doc) return '';
    try {
      return sanitizeHtml(renderHtml(doc));
    } catch {
      return '';
    }
  }, [doc]);
  return (
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
