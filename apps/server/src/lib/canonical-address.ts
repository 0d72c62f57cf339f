const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a page asked for at another loopback name of the platform's own address should go: the
 * same page at the public address, whose origin alone may frame labs (decision 0039). Other
 * addresses are served as they are; the lab page then says where labs open.
 */
export function canonicalPage(
  publicUrl: string,
  req: { method: string; url: string; host: string | undefined; accept: string | undefined },
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (!req.accept?.includes('text/html') || req.url.startsWith('/api')) return null;
  const canonical = new URL(publicUrl);
  let asked: URL;
  try {
    asked = new URL(`${canonical.protocol}//${req.host ?? ''}`);
  } catch {
    return null;
  }
  if (asked.host === canonical.host) return null;
  if (!loopbackNames.has(asked.hostname) || !loopbackNames.has(canonical.hostname)) return null;
  if (asked.port !== canonical.port) return null;
  return `${canonical.origin}${req.url}`;
}
