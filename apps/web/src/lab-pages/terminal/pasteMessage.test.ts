import { describe, expect, it } from 'vitest';
import { labPasteMessage } from '@platform/contract';
import { heldPasteLimit, pasteInbox, pastedText } from './pasteMessage';

const parent = {} as Window;
const framed = { parent } as unknown as Window;
const paste = (text: unknown, source: unknown = parent) => ({
  data: { type: labPasteMessage, text },
  source: source as MessageEventSource,
});

describe('paste messages', () => {
  it('takes a command from the window that frames the terminal', () => {
    expect(pastedText(paste('ls -l'), framed, false)).toBe('ls -l');
  });

  it('ignores other windows, read-only terminals, a terminal on its own and odd messages', () => {
    expect(pastedText(paste('ls', {}), framed, false)).toBeNull();
    expect(pastedText(paste('ls'), framed, true)).toBeNull();
    const alone = {} as Window & { parent: Window };
    alone.parent = alone;
    expect(pastedText(paste('ls', alone), alone, false)).toBeNull();
    expect(pastedText(paste(42), framed, false)).toBeNull();
    expect(pastedText(paste(''), framed, false)).toBeNull();
    expect(pastedText(paste('x'.repeat(2001)), framed, false)).toBeNull();
    expect(pastedText({ data: 'ls', source: parent }, framed, false)).toBeNull();
    expect(
      pastedText({ data: { type: 'other', text: 'ls' }, source: parent }, framed, false),
    ).toBeNull();
  });
});

describe('the paste inbox', () => {
  const framedWindow = () => {
    const target = new EventTarget();
    const self = Object.assign(target, { parent }) as unknown as Window;
    const send = (text: string, source: unknown = parent) =>
      self.dispatchEvent(Object.assign(new Event('message'), paste(text, source)));
    return { self, send };
  };

  it('holds what arrives before the terminal is connected, then pastes it in order', () => {
    const { self, send } = framedWindow();
    const inbox = pasteInbox(self);
    send('ls');
    send('pwd', {});
    send('whoami');
    const pasted: string[] = [];
    inbox.open(false, (text) => pasted.push(text));
    expect(pasted).toEqual(['ls', 'whoami']);
    send('date');
    expect(pasted).toEqual(['ls', 'whoami', 'date']);
    inbox.open(false, (text) => pasted.push(`again ${text}`));
    send('id');
    expect(pasted).toEqual(['ls', 'whoami', 'date', 'id']);
  });

  it('holds a bounded number, and a read-only terminal takes none', () => {
    const { self, send } = framedWindow();
    const inbox = pasteInbox(self);
    for (let i = 0; i < heldPasteLimit + 5; i += 1) send(`echo ${i}`);
    const pasted: string[] = [];
    inbox.open(false, (text) => pasted.push(text));
    expect(pasted).toHaveLength(heldPasteLimit);

    const other = framedWindow();
    const readOnly = pasteInbox(other.self);
    other.send('ls');
    const none: string[] = [];
    readOnly.open(true, (text) => none.push(text));
    other.send('pwd');
    expect(none).toEqual([]);
  });
});
