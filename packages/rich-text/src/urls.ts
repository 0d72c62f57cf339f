const MAX_URL_LENGTH = 2048;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/**
 * A path of the platform's own file routes, such as `/api-file/files/abc123`, already in the form
 * a browser resolves it to (no dot segments).
 */
const OWN_FILE_PATH = /^\/api-[a-z]+(\/[A-Za-z0-9._~!$'()*+,;=:@%?&-]+)+$/;

function plainUrlText(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_URL_LENGTH &&
    !/[\s\p{Cc}]/u.test(value)
  );
}

const SOME_ORIGIN = 'https://platform.invalid';

function absolute(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/** A link may lead to http, https and mailto addresses only, written out in full. */
export function isAllowedHref(value: unknown): value is string {
  if (!plainUrlText(value)) return false;
  const url = absolute(value);
  return url !== undefined && LINK_PROTOCOLS.has(url.protocol);
}

/**
 * An image comes from the platform's own file routes only: a reader's browser never fetches an
 * address the author chose.
 */
export function isAllowedImageSrc(value: unknown): value is string {
  if (!plainUrlText(value) || !value.startsWith('/')) return false;
  const own = absolute(value, SOME_ORIGIN);
  return (
    OWN_FILE_PATH.test(value) &&
    own?.origin === SOME_ORIGIN &&
    `${own.pathname}${own.search}` === value
  );
}
