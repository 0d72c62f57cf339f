import type { FastifyRequest } from 'fastify';
import { formatMessage, type Lang, type MessageKey } from '@platform/contract';

/** The caller's language from Accept-Language (`zh`, `zh-CN`, `en`, `en-US`, q-values); zh by default. */
export function languageOf(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = raw
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh';
}

export function t(req: FastifyRequest, key: MessageKey, params?: Record<string, string | number>) {
  return formatMessage(key, languageOf(req.headers['accept-language']), params);
}
