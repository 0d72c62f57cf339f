import { labPasteMaxLength, labPasteMessage } from '@platform/contract';

/**
 * The text of a paste message (see `labPasteMessage`) if this terminal takes it: posted by the
 * window that frames this one, to a terminal that is not read-only, with a string of bounded
 * length. Anything else is ignored.
 */
export function pastedText(
  event: Pick<MessageEvent, 'data' | 'source'>,
  self: Window,
  readOnly: boolean,
): string | null {
  if (readOnly || self.parent === self || event.source !== self.parent) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, text } = data as { type?: unknown; text?: unknown };
  if (type !== labPasteMessage || typeof text !== 'string') return null;
  if (text.length === 0 || text.length > labPasteMaxLength) return null;
  return text;
}
