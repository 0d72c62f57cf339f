import type { TerminalClientMessage } from '@platform/contract';

/** The part of xterm's `Terminal` the session uses, so tests can hand in a fake. */
export interface TerminalLike {
  readonly cols: number;
  readonly rows: number;
  write(data: string, callback?: () => void): void;
  onData(listener: (data: string) => void): { dispose(): void };
  onResize(listener: (size: { cols: number; rows: number }) => void): { dispose(): void };
}

export interface TextSender {
  /** Returns whether the frame went out (false while disconnected). */
  send(text: string): boolean;
}

export interface TerminalSessionOptions {
  readOnly: boolean;
  /** Frames arriving this long after a (re)connect count as the gateway's replay. */
  replayWindowMs?: number;
  now?: () => number;
}

/** Full reset (RIS). Written in-band so it lands after output xterm has queued but not parsed. */
export const RESET_SEQUENCE = '\x1bc';

/** Input frames stay well below the contract's 64 KiB per message. */
export const INPUT_CHUNK = 16 * 1024;

/**
 * Answers xterm generates on its own to queries in the output: cursor position and status
 * reports, device attributes, mode reports, window reports, OSC colour answers, DCS answers and
 * focus reports. Replayed output repeats old queries; their answers must not reach the program.
 */
const terminalReport =
  // eslint-disable-next-line no-control-regex -- escape sequences are the point
  /^(?:\x1b\[\??[\d;]*[Rnc]|\x1b\[[>=][\d;]*c|\x1b\[\??[\d;]*\$y|\x1b\[[\d;]*t|\x1b\[[IO]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1bP[^\x1b]*\x1b\\)+$/;

export function isTerminalReport(data: string): boolean {
  return terminalReport.test(data);
}

/** Splits text into pieces of at most `size` UTF-16 units without halving a surrogate pair. */
export function chunkText(text: string, size = INPUT_CHUNK): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && end - start > 1 && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}

/**
 * The terminal side of the lab socket: output into xterm (after a full reset on every
 * (re)connect, since the gateway replays the last 64 KiB), keystrokes and sizes out as the
 * contract's JSON frames. A read-only session sends neither input nor sizes: it watches a
 * terminal whose size belongs to its owner.
 */
export class TerminalSession {
  private resetPending = false;
  private openedAt = Number.NEGATIVE_INFINITY;
  private pendingReplayWrites = 0;
  private decoder: TextDecoder | null = null;
  private readonly disposables: { dispose(): void }[];
  private readonly now: () => number;
  private readonly replayWindowMs: number;

  constructor(
    private readonly term: TerminalLike,
    private readonly sender: TextSender,
    private readonly options: TerminalSessionOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.replayWindowMs = options.replayWindowMs ?? 500;
    this.disposables = [
      term.onData((data) => this.handleInput(data)),
      term.onResize(() => this.sendSize()),
    ];
  }

  /** The socket (re)connected: the next output is a replay of the screen. */
  handleOpen(): void {
    this.resetPending = true;
    this.openedAt = this.now();
    this.decoder = null;
    this.sendSize();
  }

  handleOutput(data: string | ArrayBuffer): void {
    let text: string;
    if (typeof data === 'string') {
      text = data;
    } else {
      this.decoder ??= new TextDecoder();
      text = this.decoder.decode(data, { stream: true });
    }
    if (this.resetPending) {
      this.resetPending = false;
      text = RESET_SEQUENCE + text;
    }
    if (this.now() - this.openedAt <= this.replayWindowMs) {
      this.pendingReplayWrites += 1;
      this.term.write(text, () => {
        this.pendingReplayWrites -= 1;
      });
    } else {
      this.term.write(text);
    }
  }

  sendSize(): void {
    if (this.options.readOnly) return;
    const cols = Math.min(this.term.cols, 1000);
    const rows = Math.min(this.term.rows, 1000);
    if (cols < 2 || rows < 2) return;
    this.sendMessage({ type: 'resize', cols, rows });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  private handleInput(data: string): void {
    if (this.options.readOnly) return;
    // Answers to queries that were only replayed: the program asked long ago.
    if (this.pendingReplayWrites > 0 && isTerminalReport(data)) return;
    for (const chunk of chunkText(data)) this.sendMessage({ type: 'input', data: chunk });
  }

  private sendMessage(message: TerminalClientMessage): boolean {
    return this.sender.send(JSON.stringify(message));
  }
}
