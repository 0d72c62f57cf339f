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

/** Pastes that arrive before the terminal is connected wait for it; beyond this they are dropped. */
export const heldPasteLimit = 8;

type PasteEvent = Pick<MessageEvent, 'data' | 'source'>;

/**
 * Listens for paste messages from the moment the page's script runs, so a command sent while
 * the page is still starting is not lost: it is held until `open` hands over the terminal
 * (once its connection is up), then pasted, and later ones are pasted as they come.
 */
export function pasteInbox(self: Window) {
  const held: PasteEvent[] = [];
  let take: ((event: PasteEvent) => void) | null = null;
  self.addEventListener('message', (event) => {
    if (take) take(event);
    else if (held.length < heldPasteLimit) held.push({ data: event.data, source: event.source });
  });
  return {
    open(readOnly: boolean, paste: (text: string) => void): void {
      if (take) return;
      take = (event) => {
        const text = pastedText(event, self, readOnly);
        if (text !== null) paste(text);
      };
      for (const event of held.splice(0)) take(event);
    },
  };
}
