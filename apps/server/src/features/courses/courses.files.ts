import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { coursesApi, pathOf, type BilingualDoc, type ContentLanguage } from '@platform/contract';
import { RichTextError, sanitizeDocument, type RichNode } from '@platform/rich-text';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { settingOnce } from '../settings/settings.service';

/**
 * A course's files and the addresses they are read at (decision 0024). Files live under
 * `courses/<courseId>/<fileId>`, resources under `course-resources/<courseId>/<resourceId>`. They
 * are read at signed addresses: the path names the file, `e` the expiry in seconds and `s` an
 * HMAC-SHA256 of `courseId/fileId/e` under a secret made once and kept in the system settings.
 */

export const courseFileKey = (courseId: string, fileId: string) => `courses/${courseId}/${fileId}`;
export const resourceKey = (courseId: string, resourceId: string) =>
  `course-resources/${courseId}/${resourceId}`;

/** A new file id: 128 random bits. */
export const newFileId = () => randomBytes(16).toString('base64url');

/** The file id of a key made by `courseFileKey` for this course, else null. */
export function fileIdOfKey(courseId: string, key: string | null): string | null {
  const prefix = `courses/${courseId}/`;
  return key?.startsWith(prefix) ? key.slice(prefix.length) : null;
}

/** The address a document stores for an image of the course: the file route without a signature. */
export const filePath = (courseId: string, fileId: string) =>
  pathOf(coursesApi.file.path, { courseId, fileId });

const ownFile = /^\/api-teaching\/course\/file\/([^/?#]+)\/([^/?#]+)(?:\?[^#]*)?$/;
const ownFilePrefix = '/api-teaching/course/file/';

const SECRET_KEY = 'courses.file_url_secret';
const HOUR = 3600;
/** Addresses live at least this long, up to an hour more, so they stay the same within an hour. */
const LIFETIME = 6 * HOUR;

export async function fileUrlSecret(db: Db): Promise<string> {
  const value = await settingOnce(db, SECRET_KEY, randomBytes(32).toString('base64url'));
  if (typeof value !== 'string') throw new Error(`${SECRET_KEY} is not a string`);
  return value;
}

export class FileSigner {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  private signature(courseId: string, fileId: string, expiry: number): string {
    return createHmac('sha256', this.secret)
      .update(`${courseId}/${fileId}/${expiry}`)
      .digest('base64url');
  }

  /** The next whole hour from now, plus the lifetime. */
  private expiry(): number {
    const seconds = Math.floor(this.now().getTime() / 1000);
    return Math.ceil(seconds / HOUR) * HOUR + LIFETIME;
  }

  url(courseId: string, fileId: string, opts: { download?: boolean } = {}): string {
    const e = this.expiry();
    const s = this.signature(courseId, fileId, e);
    return `${filePath(courseId, fileId)}?e=${e}&s=${s}${opts.download ? '&download=1' : ''}`;
  }

  /** The signed address of a stored key of the course, or null for none. */
  urlOfKey(courseId: string, key: string | null): string | null {
    const fileId = fileIdOfKey(courseId, key);
    return fileId ? this.url(courseId, fileId) : null;
  }

  /** Whether a signature is this file's and has not expired. */
  valid(courseId: string, fileId: string, e: number, s: string): boolean {
    if (e * 1000 <= this.now().getTime()) return false;
    const expected = Buffer.from(this.signature(courseId, fileId, e));
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

function mapImages(node: RichNode, change: (src: string) => string): RichNode {
  const attrs =
    node.type === 'image' && typeof node.attrs?.src === 'string'
      ? { ...node.attrs, src: change(node.attrs.src) }
      : node.attrs;
  return {
    ...node,
    ...(attrs ? { attrs } : {}),
    ...(node.content ? { content: node.content.map((c) => mapImages(c, change)) } : {}),
  };
}

/**
 * A document as stored: sanitised (decision 0023), and its images of the course's files kept as
 * unsigned paths. An image of another course's files is refused on `field`.
 */
export function storedDoc(
  doc: Record<string, unknown>,
  courseId: string,
  field: string,
): Record<string, unknown> {
  const refused = () =>
    new AppError('courses.rich_text_refused', {
      status: 400,
      fields: { [field]: 'invalid_value' },
    });
  let clean: RichNode;
  try {
    clean = sanitizeDocument(doc);
  } catch (error) {
    if (error instanceof RichTextError) throw refused();
    throw error;
  }
  return mapImages(clean, (src) => {
    if (!src.startsWith(ownFilePrefix)) return src;
    const m = ownFile.exec(src);
    if (!m || m[1] !== courseId) throw refused();
    return filePath(courseId, m[2]!);
  }) as unknown as Record<string, unknown>;
}

/** Both languages of a document as stored; see `storedDoc`. */
export function storedDocs(doc: BilingualDoc, courseId: string, field: string): BilingualDoc {
  return {
    ...(doc.zh ? { zh: storedDoc(doc.zh, courseId, `${field}.zh`) } : {}),
    ...(doc.en ? { en: storedDoc(doc.en, courseId, `${field}.en`) } : {}),
  };
}

/** A stored document with its images of course files at signed addresses. */
export function signedDoc(
  doc: Record<string, unknown>,
  signer: FileSigner,
): Record<string, unknown> {
  return mapImages(doc as unknown as RichNode, (src) => {
    const m = ownFile.exec(src);
    return m ? signer.url(m[1]!, m[2]!) : src;
  }) as unknown as Record<string, unknown>;
}

/** Both languages, signed. */
export function signedDocs(doc: BilingualDoc | null, signer: FileSigner): BilingualDoc | null {
  if (!doc) return null;
  return {
    ...(doc.zh ? { zh: signedDoc(doc.zh, signer) } : {}),
    ...(doc.en ? { en: signedDoc(doc.en, signer) } : {}),
  };
}

/** The reader's language of a document, else the other one, signed. */
export function localDoc(
  doc: BilingualDoc | null | undefined,
  lang: ContentLanguage,
  signer: FileSigner,
): Record<string, unknown> | null {
  const picked = doc?.[lang] ?? doc?.[lang === 'zh' ? 'en' : 'zh'];
  return picked ? signedDoc(picked, signer) : null;
}
