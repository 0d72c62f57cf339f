import { describe, expect, it } from 'vitest';
import { labPasteMessage } from '@platform/contract';
import { pastedText } from './pasteMessage';

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
