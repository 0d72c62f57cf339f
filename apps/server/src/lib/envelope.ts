import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ResponseCode, type MessageKey } from '@platform/contract';
import { AppError } from './errors';
import { errorSummary, LogBudget } from './error-log';
import { t } from './i18n';
import { fieldCodeOf } from './validation';

declare module 'fastify' {
  interface FastifyReply {
    ok<T>(data: T, messageKey?: MessageKey): { code: 200; message: string; data: T };
  }
}

function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  errorKey: MessageKey,
  extra: { fields?: Record<string, string>; params?: Record<string, string | number> } = {},
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({
      code,
      message: t(req, errorKey, extra.params),
      errorKey,
      ...(extra.fields ? { fields: extra.fields } : {}),
      requestId: req.id,
    });
}

/** The response envelope of DESIGN §2 for every answer, success or failure. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateReply('ok', function <
    T,
  >(this: FastifyReply, data: T, messageKey: MessageKey = 'common.ok') {
    return { code: ResponseCode.OK, message: t(this.request, messageKey), data };
  });

  const logBudget = new LogBudget({ perKey: 5, total: 60, windowMs: 60_000 });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.opts.headers) reply.headers(err.opts.headers);
      return sendError(req, reply, err.status, err.code, err.errorKey, {
        ...(err.opts.fields ? { fields: err.opts.fields } : {}),
        ...(err.opts.params ? { params: err.opts.params } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[name] ??= fieldCodeOf(issue);
      }
      return sendError(req, reply, 400, ResponseCode.INVALID, 'common.invalid_input', { fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return sendError(req, reply, 413, ResponseCode.INVALID, 'common.payload_too_large');
    if (status === 415)
      return sendError(req, reply, 415, ResponseCode.INVALID, 'common.unsupported_media_type');
    if (status === 429)
      return sendError(req, reply, 429, ResponseCode.INVALID, 'common.too_many_requests');
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and other client faults from Fastify itself.
      return sendError(req, reply, status, ResponseCode.INVALID, 'common.invalid_input');
    }
    const summary = errorSummary(err);
    const route = req.routeOptions.url ?? 'none';
    const budget = logBudget.take(`${route} ${summary.type} ${summary.code ?? ''}`);
    if (budget.log)
      req.log.error(
        { err, route, method: req.method, ...(budget.held ? { held: budget.held } : {}) },
        'request failed',
      );
    return sendError(req, reply, 500, ResponseCode.FAILED, 'common.server_error');
  });
});
