/**
 * Turns what a terminal's user types into the lines they entered: printable characters are kept,
 * backspace removes the last one, escape sequences (arrows, function keys) and other control
 * characters are dropped, and Enter ends a line. Pasted text may hold several lines.
 */
export class TerminalLines {
  private line: string[] = [];
  private escape: 'none' | 'start' | 'csi' | 'ss3' = 'none';

  constructor(private readonly maxLine = 2000) {}

  /** Feeds typed data; answers the lines it completed, trimmed, empty ones left out. */
  feed(data: string): string[] {
    const done: string[] = [];
    for (const ch of data) {
      if (this.escape !== 'none') {
        this.escape = this.next(ch);
        continue;
      }
      if (ch === '\x1b') this.escape = 'start';
      else if (ch === '\r' || ch === '\n') {
        const text = this.line.join('').trim();
        this.line = [];
        if (text) done.push(text);
      } else if (ch === '\x7f' || ch === '\b') this.line.pop();
      else if (ch === '\x03' || ch === '\x15') this.line = [];
      else if (ch >= ' ' && this.line.length < this.maxLine) this.line.push(ch);
    }
    return done;
  }

  private next(ch: string): typeof this.escape {
    if (this.escape === 'start') {
      if (ch === '[') return 'csi';
      if (ch === 'O') return 'ss3';
      return 'none';
    }
    if (this.escape === 'ss3') return 'none';
    return ch >= '@' && ch <= '~' ? 'none' : 'csi';
  }
}
