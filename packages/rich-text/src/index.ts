export {
  RichTextError,
  richTextLimits,
  sanitizeDocument,
  type RichDocument,
  type RichMark,
  type RichNode,
  type RichTextErrorReason,
} from './document.ts';
export { HEADING_LEVELS, richTextExtensions } from './extensions.ts';
export { plainText, renderHtml } from './render.ts';
export { isAllowedHref, isAllowedImageSrc } from './urls.ts';
