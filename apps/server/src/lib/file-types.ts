import { fileTypeFromBuffer } from 'file-type';

/** What an upload may be; `attachment` takes any file. */
export type FileKind = 'image' | 'video' | 'pdf' | 'attachment';

/** How many leading bytes the detection reads (what `file-type` needs for the kinds here). */
export const SNIFF_BYTES = 4100;

export const GENERIC_TYPE = 'application/octet-stream';

const typesOf: Record<Exclude<FileKind, 'attachment'>, readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  video: ['video/mp4', 'video/webm'],
  pdf: ['application/pdf'],
};

/** Names of the allowed formats, for messages (the same in every language). */
const formatNames: Record<Exclude<FileKind, 'attachment'>, string> = {
  image: 'JPG, PNG',
  video: 'MP4, WebM',
  pdf: 'PDF',
};

/** Types a browser could run as a document of the platform's origin are stored as generic bytes. */
const activeType = /html|xml|svg|javascript|ecmascript/i;

/**
 * Plain-text formats have no signature to detect: an attachment whose first bytes are text takes
 * the type its name's extension names, if it is one of these.
 */
const textTypes: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  py: 'text/x-python',
  ipynb: 'application/x-ipynb+json',
};

/** Whether bytes read as text: no NUL and no control characters but tab, line feed and return. */
function looksLikeText(head: Uint8Array): boolean {
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/** Text that opens like markup (`<`) is never given a text type: a browser might render it. */
function looksLikeMarkup(head: Uint8Array): boolean {
  const start = new TextDecoder()
    .decode(head.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return start.startsWith('<');
}

function textTypeOf(head: Uint8Array, fileName: string | undefined): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  const type = extension ? textTypes[extension] : undefined;
  if (!type || head.length === 0) return null;
  return looksLikeText(head) && !looksLikeMarkup(head) ? type : null;
}

/**
 * The type the first bytes of a file show, if one of `kinds` takes it: `null` when the content
 * fits none of them, whatever the file's name says. A text attachment takes the type of its
 * name's extension when that is a text format (CSV, plain text, JSON…).
 */
export async function detectFileType(
  head: Uint8Array,
  kinds: readonly FileKind[],
  fileName?: string,
): Promise<{ kind: FileKind; contentType: string } | null> {
  const found = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  for (const kind of kinds) {
    if (kind === 'attachment') continue;
    if (found && typesOf[kind].includes(found.mime)) return { kind, contentType: found.mime };
  }
  if (!kinds.includes('attachment')) return null;
  const contentType =
    found && !activeType.test(found.mime)
      ? found.mime
      : ((found ? null : textTypeOf(head, fileName)) ?? GENERIC_TYPE);
  return { kind: 'attachment', contentType };
}

/** The formats `kinds` allow, such as `JPG, PNG, PDF`. */
export function allowedFormats(kinds: readonly FileKind[]): string {
  return kinds
    .filter((kind): kind is Exclude<FileKind, 'attachment'> => kind !== 'attachment')
    .map((kind) => formatNames[kind])
    .join(', ');
}
