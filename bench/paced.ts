import http from 'node:http';

export interface PacedRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  /** A JSON body, sent with its content type. */
  body?: unknown;
}

export interface PacedResult {
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * An open-loop load: requests leave on a fixed schedule (a batch every 10 ms) whatever the
 * answers do, so queueing in the server shows in the latencies. An error is a failed request,
 * an HTTP status other than 200, or an envelope code other than 200.
 */
export async function paced(
  port: number,
  perSecond: number,
  seconds: number,
  request: (n: number) => PacedRequest,
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const send = () =>
    new Promise<void>((resolve) => {
      const r = request(n++);
      const payload = r.body === undefined ? undefined : JSON.stringify(r.body);
      const headers = payload ? { ...r.headers, 'content-type': 'application/json' } : r.headers;
      const t0 = performance.now();
      const req = http.request(
        { host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode !== 200 || !text.startsWith('{"code":200')) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
  const pending: Promise<void>[] = [];
  const tickMs = 10;
  const start = performance.now();
  let sent = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * perSecond);
    while (sent < due) {
      pending.push(send());
      sent++;
    }
    await new Promise((r) => setTimeout(r, tickMs));
  }
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { total: sent, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]!, errors };
}
