import { getSchema } from '@tiptap/core';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { HEADING_LEVELS, richTextExtensions } from './extensions.ts';
import { isAllowedHref, isAllowedImageSrc } from './urls.ts';

export interface RichMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface RichNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichNode[];
  marks?: RichMark[];
  text?: string;
}

/** A Tiptap/ProseMirror JSON document as `sanitizeDocument` answers it. */
export interface RichDocument extends RichNode {
  type: 'doc';
}

/** Limits that keep a hostile document cheap to refuse. */
export const richTextLimits = { maxJsonLength: 200_000, maxNodes: 5_000, maxDepth: 64 } as const;

export type RichTextErrorReason = 'shape' | 'size' | 'url';

export class RichTextError extends Error {
  constructor(
    readonly reason: RichTextErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'RichTextError';
  }
}

export const richTextSchema = getSchema(richTextExtensions);

const nodeTypes = new Set(Object.keys(richTextSchema.nodes));
const markTypes = new Set(Object.keys(richTextSchema.marks));

type AttributeRule = (value: unknown) => unknown;

const ORDERED_LIST_TYPES: readonly unknown[] = ['1', 'a', 'A', 'i', 'I'];
const CODE_LANGUAGE = /^[A-Za-z0-9_+#.-]{1,32}$/;
const MAX_ALT_LENGTH = 500;

/**
 * Every attribute the schema knows, with what it may hold: a rule answers the value to keep, or
 * throws. Attributes not listed here are dropped.
 */
export const attributeRules: Record<string, Record<string, AttributeRule>> = {
  heading: {
    level: (value) => {
      if (value === undefined) return HEADING_LEVELS[0];
      if ((HEADING_LEVELS as readonly unknown[]).includes(value)) return value;
      throw new RichTextError('shape', 'Unsupported heading level');
    },
  },
  codeBlock: {
    language: (value) => (typeof value === 'string' && CODE_LANGUAGE.test(value) ? value : null),
  },
  orderedList: {
    start: (value) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 1_000_000
        ? value
        : 1,
    type: (value) => (ORDERED_LIST_TYPES.includes(value) ? value : null),
  },
  image: {
    src: (value) => {
      if (isAllowedImageSrc(value)) return value;
      throw new RichTextError('url', "Images come from the platform's own files only");
    },
    alt: (value) =>
      typeof value === 'string' && value.length <= MAX_ALT_LENGTH && value !== '' ? value : null,
  },
  link: {
    href: (value) => {
      if (isAllowedHref(value)) return value;
      throw new RichTextError('url', 'Links lead to http, https or mailto addresses only');
    },
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Budget {
  nodes: number;
  chars: number;
}

function spend(budget: Budget, chars: number): void {
  budget.nodes += 1;
  budget.chars += chars;
  if (budget.nodes > richTextLimits.maxNodes)
    throw new RichTextError('size', 'The document has too many nodes');
  if (budget.chars > richTextLimits.maxJsonLength)
    throw new RichTextError('size', 'The document is too long');
}

function cleanAttrs(
  type: string,
  raw: Record<string, unknown>,
  budget: Budget,
): Record<string, unknown> | undefined {
  const rules = attributeRules[type];
  if (!rules) return undefined;
  const given = isRecord(raw.attrs) ? raw.attrs : {};
  const attrs: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const value = rule(Object.hasOwn(given, name) ? given[name] : undefined);
    if (typeof value === 'string') budget.chars += value.length;
    attrs[name] = value;
  }
  return attrs;
}

function cleanMark(raw: unknown, budget: Budget): RichMark {
  if (!isRecord(raw) || typeof raw.type !== 'string' || !markTypes.has(raw.type))
    throw new RichTextError('shape', 'Unknown mark');
  spend(budget, 0);
  const attrs = cleanAttrs(raw.type, raw, budget);
  return attrs ? { type: raw.type, attrs } : { type: raw.type };
}

/** How a document is read: as stored (anything outside the rules refused) or for showing. */
interface Reading {
  /**
   * Showing a document stored before images were limited to the platform's files leaves those
   * images out instead of refusing the whole document.
   */
  dropForeignImages: boolean;
}

const storing: Reading = { dropForeignImages: false };
export const showing: Reading = { dropForeignImages: true };

function isForeignImage(raw: unknown): boolean {
  return (
    isRecord(raw) &&
    raw.type === 'image' &&
    !isAllowedImageSrc(isRecord(raw.attrs) ? raw.attrs.src : undefined)
  );
}

function cleanNode(raw: unknown, budget: Budget, depth: number, reading: Reading): RichNode {
  if (depth > richTextLimits.maxDepth)
    throw new RichTextError('size', 'The document is nested too deeply');
  if (!isRecord(raw) || typeof raw.type !== 'string' || !nodeTypes.has(raw.type))
    throw new RichTextError('shape', 'Unknown node');
  const node: RichNode = { type: raw.type };
  if (raw.type === 'text') {
    if (typeof raw.text !== 'string') throw new RichTextError('shape', 'Text without text');
    node.text = raw.text;
  }
  spend(budget, node.text?.length ?? 0);
  const attrs = cleanAttrs(raw.type, raw, budget);
  if (attrs) node.attrs = attrs;
  if (raw.content !== undefined) {
    if (!Array.isArray(raw.content)) throw new RichTextError('shape', 'Content is not a list');
    const kept = reading.dropForeignImages
      ? raw.content.filter((child: unknown) => !isForeignImage(child))
      : raw.content;
    node.content = kept.map((child: unknown) => cleanNode(child, budget, depth + 1, reading));
  }
  if (raw.marks !== undefined) {
    if (!Array.isArray(raw.marks)) throw new RichTextError('shape', 'Marks are not a list');
    node.marks = raw.marks.map((mark: unknown) => cleanMark(mark, budget));
  }
  return node;
}

/** Reads a document against the schema: known types and attributes only, valid nesting. */
export function parseDocument(json: unknown, reading: Reading = storing): ProseMirrorNode {
  if (!isRecord(json) || json.type !== 'doc')
    throw new RichTextError('shape', 'Not a rich-text document');
  const cleaned = cleanNode(json, { nodes: 0, chars: 0 }, 0, reading);
  try {
    const node = ProseMirrorNode.fromJSON(richTextSchema, cleaned);
    node.check();
    return node;
  } catch (error) {
    if (error instanceof RangeError) throw new RichTextError('shape', error.message);
    throw error;
  }
}

/**
 * What the server stores: the document in its normalised form, or a `RichTextError` when it
 * holds anything the schema does not (decision 0023).
 */
export function sanitizeDocument(json: unknown): RichDocument {
  const text = JSON.stringify(parseDocument(json).toJSON());
  if (text.length > richTextLimits.maxJsonLength)
    throw new RichTextError('size', 'The document is too long');
  return JSON.parse(text) as RichDocument;
}
