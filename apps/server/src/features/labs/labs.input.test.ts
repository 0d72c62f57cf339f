import { describe, expect, it } from 'vitest';
import { TerminalLines } from './labs.input';

describe('terminal lines', () => {
  it('answers each entered line, trimmed, leaving out empty ones', () => {
    const lines = new TerminalLines();
    expect(lines.feed('ls -l')).toEqual([]);
    expect(lines.feed('\r')).toEqual(['ls -l']);
    expect(lines.feed('\r  \r')).toEqual([]);
    expect(lines.feed('echo a\recho b\n')).toEqual(['echo a', 'echo b']);
  });

  it('applies backspace and drops escape sequences and control characters', () => {
    const lines = new TerminalLines();
    expect(lines.feed('lss\x7f -a\x1b[A\x1b[1;5C\x1bOP\x07\r')).toEqual(['ls -a']);
    expect(lines.feed('rm -rf /\x03pwd\r')).toEqual(['pwd']);
    expect(lines.feed('命令\r')).toEqual(['命令']);
  });

  it('keeps a line within its limit', () => {
    const lines = new TerminalLines(5);
    expect(lines.feed('abcdefgh\r')).toEqual(['abcde']);
  });
});
