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
 * The type the first bytes of a file show, if one of `kinds` takes it: `null` when the content
 * fits none of them, whatever the file's name says.
 */
export async function detectFileType(
  head: Uint8Array,
  kinds: readonly FileKind[],
): Promise<{ kind: FileKind; contentType: string } | null> {
  const found = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  for (const kind of kinds) {
    if (kind === 'attachment') continue;
    if (found && typesOf[kind].includes(found.mime)) return { kind, contentType: found.mime };
  }
  if (!kinds.includes('attachment')) return null;
  const contentType = found && !activeType.test(found.mime) ? found.mime : GENERIC_TYPE;
  return { kind: 'attachment', contentType };
}

/** The formats `kinds` allow, such as `JPG, PNG, PDF`. */
export function allowedFormats(kinds: readonly FileKind[]): string {
  return kinds
    .filter((kind): kind is Exclude<FileKind, 'attachment'> => kind !== 'attachment')
    .map((kind) => formatNames[kind])
    .join(', ');
}
