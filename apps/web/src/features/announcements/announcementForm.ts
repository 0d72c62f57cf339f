import { generateJSON } from '@tiptap/react';
import type { AnnouncementEdit, AnnouncementSave } from '@platform/contract';
import { richTextExtensions, type RichDocument, type RichNode } from '@platform/rich-text';
import { dateTimeInputOf, instantOfInput } from '../../shared/dates';

export interface AnnouncementFormValues {
  title: string;
  content: RichDocument | null;
  footer: string;
  /** `DateTimeField` values (`YYYY-MM-DDTHH:mm`). */
  start: string;
  end: string;
  announceType: 'once' | 'always';
}

const hour = 3_600_000;

/**
 * The editor's values: the stored document, or for an announcement stored as HTML only the
 * document the shared schema reads from it. A new announcement starts now and lasts a week.
 */
export function announcementValuesOf(
  a: AnnouncementEdit | null,
  now = new Date(),
): AnnouncementFormValues {
  if (!a)
    return {
      title: '',
      content: null,
      footer: '',
      start: dateTimeInputOf(now.toISOString()),
      end: dateTimeInputOf(new Date(now.getTime() + 7 * 24 * hour).toISOString()),
      announceType: 'once',
    };
  const content =
    (a.contentDoc as RichDocument | null) ??
    (a.content ? (generateJSON(a.content, richTextExtensions) as RichDocument) : null);
  return {
    title: a.title,
    content,
    footer: a.footer ?? '',
    start: dateTimeInputOf(a.start),
    end: dateTimeInputOf(a.end),
    announceType: a.announceType,
  };
}

const hasContent = (node: RichNode): boolean =>
  node.type === 'image' || Boolean(node.text?.trim()) || (node.content ?? []).some(hasContent);

/** The save's body; a document without text or images counts as no content. */
export function announcementBodyOf(v: AnnouncementFormValues): AnnouncementSave {
  return {
    title: v.title ?? '',
    content: (v.content && hasContent(v.content)
      ? v.content
      : undefined) as AnnouncementSave['content'],
    footer: v.footer ?? '',
    start: instantOfInput(v.start) ?? '',
    end: instantOfInput(v.end) ?? '',
    announceType: v.announceType,
  };
}
