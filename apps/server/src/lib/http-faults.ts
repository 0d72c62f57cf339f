import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { formatMessage, ResponseCode, type MessageKey } from '@platform/contract';
import { languageOf, t } from './i18n';

/**
 * Answers for requests that never become Fastify requests (the HTTP parser refused them) or that
 * the router refuses before any route runs: the same envelope as every other refusal.
 */

const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i;

function clientFault(code: string | undefined): { status: number; key: MessageKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'common.request_too_large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'common.timeout' };
  return { status: 400, key: 'common.invalid_input' };
}

/** `clientErrorHandler` of the server: an envelope in the language the raw request asked for. */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = clientFault(err.code);
  const raw: unknown = err.rawPacket;
  const head = Buffer.isBuffer(raw) ? raw.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = languageOf(acceptLanguage.exec(head)?.[1]);
  const requestId = randomUUID();
  const body = JSON.stringify({
    code: ResponseCode.INVALID,
    message: formatMessage(key, lang),
    errorKey: key,
    requestId,
  });
  this.log.debug({ code: err.code, requestId }, 'client error');
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  // A client that keeps sending after the answer is cut off.
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/** `frameworkErrors` of the server: a URL the router cannot decode, or a segment too long for it. */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const key: MessageKey = tooLong
    ? 'common.request_too_large'
    : error.code === 'FST_ERR_BAD_URL'
      ? 'common.bad_url'
      : 'common.invalid_input';
  void reply
    .status(tooLong ? 414 : 400)
    .header('x-request-id', req.id)
    .type('application/json; charset=utf-8')
    .send({ code: ResponseCode.INVALID, message: t(req, key), errorKey: key, requestId: req.id });
}
