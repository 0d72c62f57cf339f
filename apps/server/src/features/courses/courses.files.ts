import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { coursesApi, type BilingualDoc, type ContentLanguage } from '@platform/contract';
import { RichTextError, sanitizeDocument, type RichNode } from '@platform/rich-text';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { settingOnce } from '../settings/settings.service';

/**
 * A course's files and the addresses they are read at (decision 0024). Files live under
 * `courses/<courseId>/<fileId>`, resources under `course-resources/<courseId>/<resourceId>`. They
 * are read at signed addresses: the path names the file, `e` the expiry in seconds and `s` an
 * HMAC-SHA256 of `courseId/fileId/e` under a secret made once and kept in the system settings.
 * Other files read the same way (a report's images) sign their route's scope in front.
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

/**
 * A route that serves files at signed addresses: its path ends in two parameters, the owner (a
 * course, a student's task) and the file. `scope` sets its signatures apart from other routes'.
 */
export interface SignedFileRoute {
  path: string;
  scope: string;
}

/** The course files' route; its signatures carry no scope, as first handed out. */
export const courseFileRoute: SignedFileRoute = { path: coursesApi.file.path, scope: '' };

/** The route's path up to its two parameters. */
const prefixOf = (route: SignedFileRoute) => route.path.replace(/:\w+\/:\w+$/, '');

/** The address a document stores for a file of the route: the path without a signature. */
export const routeFilePath = (route: SignedFileRoute, ownerId: string, fileId: string) =>
  `${prefixOf(route)}${encodeURIComponent(ownerId)}/${encodeURIComponent(fileId)}`;

/** The address a document stores for an image of the course: the file route without a signature. */
export const filePath = (courseId: string, fileId: string) =>
  routeFilePath(courseFileRoute, courseId, fileId);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches an address of the route, signed or not: the owner and the file. */
const addressOf = (route: SignedFileRoute) =>
  new RegExp(`^${escapeRegExp(prefixOf(route))}([^/?#]+)/([^/?#]+)(?:\\?[^#]*)?$`);

const SECRET_KEY = 'courses.file_url_secret';
const HOUR = 3600;
/** Addresses live at least this long, up to an hour more, so they stay the same within an hour. */
const LIFETIME = 6 * HOUR;

export async function fileUrlSecret(db: Db): Promise<string> {
  const value = await settingOnce(db, SECRET_KEY, randomBytes(32).toString('base64url'));
  if (typeof value !== 'string') throw new Error(`${SECRET_KEY} is not a string`);
  return value;
}

/** Signs and checks the addresses of one route's files (the course files' by default). */
export class FileSigner {
  private readonly address: RegExp;

  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
    readonly route: SignedFileRoute = courseFileRoute,
  ) {
    this.address = addressOf(route);
  }

  /** The same secret and clock, for another route. */
  for(route: SignedFileRoute): FileSigner {
    return new FileSigner(this.secret, this.now, route);
  }

  private signature(ownerId: string, fileId: string, expiry: number): string {
    const scope = this.route.scope ? `${this.route.scope}/` : '';
    return createHmac('sha256', this.secret)
      .update(`${scope}${ownerId}/${fileId}/${expiry}`)
      .digest('base64url');
  }

  /** The next whole hour from now, plus the lifetime. */
  private expiry(): number {
    const seconds = Math.floor(this.now().getTime() / 1000);
    return Math.ceil(seconds / HOUR) * HOUR + LIFETIME;
  }

  url(ownerId: string, fileId: string, opts: { download?: boolean } = {}): string {
    const e = this.expiry();
    const s = this.signature(ownerId, fileId, e);
    const path = routeFilePath(this.route, ownerId, fileId);
    return `${path}?e=${e}&s=${s}${opts.download ? '&download=1' : ''}`;
  }

  /** The signed address of a stored key of the course, or null for none. */
  urlOfKey(courseId: string, key: string | null): string | null {
    const fileId = fileIdOfKey(courseId, key);
    return fileId ? this.url(courseId, fileId) : null;
  }

  /** Whether a signature is this file's and has not expired. */
  valid(ownerId: string, fileId: string, e: number, s: string): boolean {
    if (e * 1000 <= this.now().getTime()) return false;
    const expected = Buffer.from(this.signature(ownerId, fileId, e));
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The owner and file an address of this route names, signed or not; else null. */
  parse(src: string): { ownerId: string; fileId: string } | null {
    const m = this.address.exec(src);
    return m ? { ownerId: m[1]!, fileId: m[2]! } : null;
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
 * A document as stored: sanitised (decision 0023), and its images of the owner's files kept as
 * unsigned paths. An image of another owner's files of the route is refused on `field`.
 */
export function storedDoc(
  doc: Record<string, unknown>,
  ownerId: string,
  field: string,
  route: SignedFileRoute = courseFileRoute,
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
  const prefix = prefixOf(route);
  const address = addressOf(route);
  return mapImages(clean, (src) => {
    if (!src.startsWith(prefix)) return src;
    const m = address.exec(src);
    if (!m || m[1] !== ownerId) throw refused();
    return routeFilePath(route, ownerId, m[2]!);
  }) as unknown as Record<string, unknown>;
}

/** Both languages of a document as stored; see `storedDoc`. */
export function storedDocs(doc: BilingualDoc, courseId: string, field: string): BilingualDoc {
  return {
    ...(doc.zh ? { zh: storedDoc(doc.zh, courseId, `${field}.zh`) } : {}),
    ...(doc.en ? { en: storedDoc(doc.en, courseId, `${field}.en`) } : {}),
  };
}

/** A stored document with its images of the signer's route at signed addresses. */
export function signedDoc(
  doc: Record<string, unknown>,
  signer: FileSigner,
): Record<string, unknown> {
  return mapImages(doc as unknown as RichNode, (src) => {
    const file = signer.parse(src);
    return file ? signer.url(file.ownerId, file.fileId) : src;
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

/** Whether a document holds an image (a report of images only is not empty). */
export function hasImage(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const n = node as { type?: unknown; content?: unknown };
  return n.type === 'image' || (Array.isArray(n.content) && n.content.some(hasImage));
}
