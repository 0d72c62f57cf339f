import type { RichDocument } from '@platform/rich-text';

/** A rich-text document of an answer, or null when there is none. */
export function richDoc(doc: Record<string, unknown> | null | undefined): RichDocument | null {
  return doc?.type === 'doc' ? (doc as unknown as RichDocument) : null;
}
