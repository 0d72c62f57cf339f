import { vi } from 'vitest';

type Answer = (xhr: FakeXhr) => { status: number; body: unknown };

/** An XMLHttpRequest the test drives: it records what is sent, then reports progress and answers. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** When set, answers every request just after it is sent. */
  static answer: Answer | null = null;
  readonly upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answer?.(this);
    if (answer) setTimeout(() => this.respond(answer.status, answer.body), 0);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  /** Answers `body`: a string as it is, anything else as JSON. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** Puts FakeXhr in the place of XMLHttpRequest; answers with `answer` when given. */
export function stubXhr(answer: Answer | null = null): FakeXhr[] {
  FakeXhr.sent = [];
  FakeXhr.answer = answer;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}
