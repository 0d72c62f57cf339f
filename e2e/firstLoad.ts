import type { Page } from '@playwright/test';

export interface LoadedScript {
  url: string;
  /** Bytes of the body once decoded. */
  raw: number;
  /** Bytes the browser received: the body as encoded, and the headers. */
  wire: number;
  encoding: string;
}

/**
 * Opens `url` in `page` and answers every script it loaded before the network went idle, with
 * what each took over the wire.
 */
export async function firstLoadScripts(page: Page, url: string): Promise<LoadedScript[]> {
  const scripts: LoadedScript[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
        const body = await res?.body().catch(() => null);
        scripts.push({
          url: new URL(req.url()).pathname,
          raw: body?.length ?? 0,
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          encoding: (await res?.headerValue('content-encoding')) ?? 'none',
        });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}
