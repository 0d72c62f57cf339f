import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Terminal } from '@xterm/xterm';
import { terminalClientMessageSchema } from '@platform/contract';
import { chunkText, INPUT_CHUNK, isTerminalReport, TerminalSession } from './terminalSession';
import type { TerminalLike } from './terminalSession';

// jsdom has no canvas. xterm measures text with one (also while loading) and copes without it;
// answering null keeps jsdom from printing "not implemented" errors.
vi.hoisted(() => {
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', {
    configurable: true,
    value: () => null,
  });
});

/** Records what the session does to xterm; parsing finishes when the test says so. */
class FakeTerminal implements TerminalLike {
  cols = 80;
  rows = 24;
  readonly writes: string[] = [];
  private readonly pending: (() => void)[] = [];
  private readonly dataListeners: ((data: string) => void)[] = [];
  private readonly resizeListeners: ((size: { cols: number; rows: number }) => void)[] = [];

  write(data: string, callback?: () => void): void {
    this.writes.push(data);
    if (callback) this.pending.push(callback);
  }
  onData(listener: (data: string) => void) {
    this.dataListeners.push(listener);
    return { dispose: () => this.dataListeners.splice(this.dataListeners.indexOf(listener), 1) };
  }
  onResize(listener: (size: { cols: number; rows: number }) => void) {
    this.resizeListeners.push(listener);
    return { dispose: () => this.resizeListeners.splice(0) };
  }
  /** What xterm does on a keystroke, a paste, or an answer to a query. */
  emitData(data: string): void {
    for (const listener of this.dataListeners) listener(data);
  }
  fitTo(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    for (const listener of this.resizeListeners) listener({ cols, rows });
  }
  finishParsing(): void {
    for (const callback of this.pending.splice(0)) callback();
  }
}

function setup(readOnly = false, connected = true) {
  const term = new FakeTerminal();
  const frames: string[] = [];
  const sender = { send: vi.fn((text: string) => (connected ? frames.push(text) > 0 : false)) };
  const session = new TerminalSession(term, sender, { readOnly });
  const messages = () =>
    frames.map((frame) => terminalClientMessageSchema.parse(JSON.parse(frame)));
  return { term, session, sender, frames, messages };
}

describe('TerminalSession, browser to lab', () => {
  it('sends keystrokes as JSON input frames of the contract', () => {
    const { term, messages } = setup();
    term.emitData('ls -la\r');
    term.emitData('\x1b[A');
    expect(messages()).toEqual([
      { type: 'input', data: 'ls -la\r' },
      { type: 'input', data: '\x1b[A' },
    ]);
  });

  it('sends the size after connecting and on every fit that changes it', () => {
    const { term, session, messages } = setup();
    session.handleOpen();
    term.fitTo(132, 40);
    expect(messages()).toEqual([
      { type: 'resize', cols: 80, rows: 24 },
      { type: 'resize', cols: 132, rows: 40 },
    ]);
  });

  it('sends nothing at all when read-only', () => {
    const { term, session, sender } = setup(true);
    session.handleOpen();
    term.emitData('rm -rf ~\r');
    term.fitTo(100, 30);
    expect(sender.send).not.toHaveBeenCalled();
  });

  it('does not throw while disconnected (the keystroke is dropped)', () => {
    const { term, sender } = setup(false, false);
    expect(() => term.emitData('x')).not.toThrow();
    expect(sender.send).toHaveBeenCalledTimes(1);
  });

  it('splits a large paste into frames the gateway accepts, in order', () => {
    const { term, messages } = setup();
    const paste = 'a'.repeat(INPUT_CHUNK * 2 + 10);
    term.emitData(paste);
    const sent = messages();
    expect(sent).toHaveLength(3);
    expect(sent.map((m) => (m.type === 'input' ? m.data : '')).join('')).toBe(paste);
  });

  it('stops listening to xterm once disposed', () => {
    const { term, session, sender } = setup();
    session.dispose();
    term.emitData('x');
    term.fitTo(90, 30);
    expect(sender.send).not.toHaveBeenCalled();
  });
});

describe('TerminalSession, lab to browser', () => {
  it('resets the screen before the replay on every (re)connect', () => {
    const { term, session } = setup();
    session.handleOpen();
    session.handleOutput('$ ');
    session.handleOutput('ls\r\n');
    session.handleOpen();
    session.handleOutput('$ ls\r\n');
    expect(term.writes).toEqual(['\x1bc$ ', 'ls\r\n', '\x1bc$ ls\r\n']);
  });

  it('decodes binary frames as UTF-8, also when a character spans two frames', () => {
    const { term, session } = setup();
    session.handleOpen();
    const bytes = new TextEncoder().encode('中文');
    session.handleOutput(bytes.slice(0, 4).buffer);
    session.handleOutput(bytes.slice(4).buffer);
    expect(term.writes.join('')).toBe('\x1bc中文');
  });

  describe('answers to replayed queries', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('are not sent while the replay is being parsed; keystrokes are', () => {
      const { term, session, messages } = setup();
      session.handleOpen();
      session.handleOutput('old output \x1b[6n\x1b[c');
      term.emitData('\x1b[12;5R\x1b[?1;2c');
      term.emitData('q');
      term.finishParsing();
      vi.advanceTimersByTime(1_000);
      // A program asking now gets its answer.
      session.handleOutput('\x1b[6n');
      term.emitData('\x1b[3;1R');
      expect(messages().filter((m) => m.type === 'input')).toEqual([
        { type: 'input', data: 'q' },
        { type: 'input', data: '\x1b[3;1R' },
      ]);
    });
  });
});

describe('helpers', () => {
  it('recognises terminal reports, not keys', () => {
    for (const report of [
      '\x1b[12;5R',
      '\x1b[?1;2c',
      '\x1b[>0;276;0c',
      '\x1b[0n',
      '\x1b[?2004;2$y',
    ]) {
      expect(isTerminalReport(report), JSON.stringify(report)).toBe(true);
    }
    expect(isTerminalReport('\x1b]11;rgb:1b1b/1e1e/2424\x1b\\')).toBe(true);
    for (const key of ['a', '\r', '\x1b[A', '\x1b[3~', '\x1bOP', '\x03', 'ls\x1b[6n']) {
      expect(isTerminalReport(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('chunks text without halving a surrogate pair', () => {
    const text = 'ab😀cd';
    const chunks = chunkText(text, 3);
    expect(chunks.join('')).toBe(text);
    expect(chunks).toEqual(['ab', '😀c', 'd']);
    expect(chunkText('')).toEqual([]);
  });
});

describe('TerminalSession with xterm itself', () => {
  let term: Terminal;
  beforeEach(() => {
    term = new Terminal({ cols: 40, rows: 6 });
  });
  afterEach(() => term.dispose());

  const screen = () => {
    const lines: string[] = [];
    const buffer = term.buffer.active;
    for (let i = 0; i < buffer.length; i += 1) {
      lines.push(buffer.getLine(i)?.translateToString(true).trimEnd() ?? '');
    }
    return lines.filter((line) => line !== '');
  };
  const parsed = () => new Promise<void>((resolve) => term.write('', resolve));

  it('shows the replayed screen once after a reconnect, and the replay does not answer', async () => {
    const frames: string[] = [];
    const session = new TerminalSession(
      term,
      { send: (text) => frames.push(text) > 0 },
      { readOnly: false },
    );
    session.handleOpen();
    session.handleOutput('user@lab:~$ echo hi\r\nhi\r\nuser@lab:~$ ');
    await parsed();
    expect(screen()).toEqual(['user@lab:~$ echo hi', 'hi', 'user@lab:~$']);

    // Reconnect: the gateway replays the same bytes (here with a cursor-position query).
    session.handleOpen();
    session.handleOutput('user@lab:~$ echo hi\r\nhi\r\n\x1b[6nuser@lab:~$ ');
    await parsed();
    expect(screen()).toEqual(['user@lab:~$ echo hi', 'hi', 'user@lab:~$']);
    const inputs = frames
      .map((f) => JSON.parse(f) as { type: string })
      .filter((m) => m.type === 'input');
    expect(inputs).toEqual([]);
  });
});
