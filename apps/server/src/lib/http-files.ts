import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a file to be saved under `name`, never cached. */
export function sendDownload(
  reply: FastifyReply,
  file: { name: string; type: string; size?: number; body: Buffer | Readable },
) {
  if (file.size !== undefined) void reply.header('Content-Length', String(file.size));
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', attachment(file.name))
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
