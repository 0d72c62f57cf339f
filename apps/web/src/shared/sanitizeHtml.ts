import DOMPurify from 'dompurify';

/**
 * The one way the web puts HTML from the server into a page: through DOMPurify's HTML profile,
 * even where the server has already sanitised it. Links keep `target` so that rich-text links can
 * open in a new tab; DOMPurify still drops `javascript:` URLs and every event handler.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}
