import net from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Percent-encodes text for a URL; a lone surrogate becomes its three WTF-8 bytes, as a careless client sends it. */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string from values; arrays repeat the key, raw values go unencoded. */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      parts.push(
        `${encodeLoose(key)}=${encodeLoose(typeof v === 'string' ? v : JSON.stringify(v))}`,
      );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface FilePart {
  field?: string;
  fileName: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body with the given fields and files. */
export function multipartBody(
  fields: Record<string, string>,
  files: FilePart[],
  boundary = `----bad${Math.random().toString(36).slice(2)}`,
): { boundary: string; body: Buffer } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; ` +
          `filename="${f.fileName}"\r\nContent-Type: ${f.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

export function multipartRequest(
  method: string,
  url: string,
  fields: Record<string, string>,
  files: FilePart[],
): InjectOptions {
  const { boundary, body } = multipartBody(fields, files);
  return {
    method,
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  };
}

/** The response codes an error envelope may carry. */
export const refusalCodes = [401, 403, 601, 9000, 9999];

/**
 * What every answer to a malformed request must be: a status below 500 and, unless it succeeded
 * with a file or a document or redirected, the JSON envelope with a code, a message and, for a
 * refusal, a key and a request id. Answers a description of what is wrong, or null.
 */
export function envelopeFault(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  opts: { document?: boolean } = {},
): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 300 && res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode === 200 && (opts.document || !type.includes('json'))) return null;
  if (!type.includes('application/json')) return `not JSON (${type}): ${res.body.slice(0, 200)}`;
  let body: { code?: unknown; message?: unknown; errorKey?: unknown; requestId?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return `unparsable JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof body.message !== 'string' || !body.message) return `no message: ${res.body}`;
  if (res.statusCode === 200)
    return body.code === 200 ? null : `200 with code ${String(body.code)}`;
  if (!refusalCodes.includes(body.code as number)) return `code ${String(body.code)}: ${res.body}`;
  if (typeof body.errorKey !== 'string' || !body.errorKey) return `no errorKey: ${res.body}`;
  if (typeof body.requestId !== 'string' || !body.requestId) return `no requestId: ${res.body}`;
  return null;
}

export function expectRefusal(
  res: LightMyRequestResponse | RawResponse,
  status: number,
  fields?: Record<string, string>,
) {
  expect(envelopeFault(res), res.body.slice(0, 300)).toBeNull();
  expect(res.statusCode).toBe(status);
  const body = JSON.parse(res.body) as { code: number; fields?: Record<string, string> };
  expect(body.code).toBe(9000);
  if (fields) expect(body.fields).toEqual(fields);
  return body;
}

export interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends raw bytes to a listening server and reads the answer until the connection closes. The
 * client half-closes after the bytes unless `open`: then it waits for the answer as a browser
 * does (Node's server drops an answer still in work when the client half-closes).
 */
export function rawRequest(
  port: number,
  bytes: Buffer | string,
  open = false,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // The server may reset the socket after answering, while the client is still writing.
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        statusCode: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      });
    });
    if (open) socket.write(bytes);
    else socket.end(bytes);
  });
}
