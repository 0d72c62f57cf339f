import {
  labStepTypes,
  type BilingualDoc,
  type CourseFileKind,
  type Question,
  type StepCheck,
  type StepCommand,
  type StepContent,
} from '@platform/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { invalid } from '../../lib/errors';
import type { FileKind } from '../../lib/file-types';
import { linearPattern } from '../../lib/patterns';
import type { FileStorage } from '../../lib/storage/storage';
import { StorageError } from '../../lib/storage/storage';
import { findEnvironments } from '../environments/environments.service';
import { courseFileKey, storedDocs } from './courses.files';
import * as chapterRepo from './courses.chapters.repo';

/* What a course may store: its environments, cover and step content, checked on every save. */

export const isLab = (type: string) => (labStepTypes as readonly string[]).includes(type);
export const fileTypes = ['video', 'pdf', 'attachment'];
export const questionTypes = ['question', 'exercises'];

/** What a step keeps in `content` (the type, environment and commands have their own columns). */
export interface StoredContent {
  doc?: BilingualDoc;
  file?: { fileId: string; name: string };
  questions?: Question[];
  /** A lab step's checks: read by teaching on the server, never sent to students. */
  checks?: StepCheck[];
}

/** The stored types a file step of each type takes (`attachment` any). */
export const stepFileTypes: Record<string, readonly string[] | null> = {
  video: ['video/mp4', 'video/webm'],
  pdf: ['application/pdf'],
  attachment: null,
};
export const imageTypes = ['image/jpeg', 'image/png'];

export const uploadKinds: Record<CourseFileKind, FileKind> = {
  cover: 'image',
  image: 'image',
  video: 'video',
  pdf: 'pdf',
  attachment: 'attachment',
};

/** What checking and storing a course needs. */
export type Deps = Pick<AppContext, 'db' | 'ids' | 'storage' | 'now'>;

/** The environments to attach: existing, enabled configurations, each once. */
export async function checkedEnvironments(db: Db, envIds: string[]): Promise<string[]> {
  const unique = [...new Set(envIds)];
  const found = await findEnvironments(db, unique);
  const enabled = new Set(found.filter((e) => e.state === 1).map((e) => e.id));
  if (unique.some((id) => !enabled.has(id)))
    throw invalid('courses.env_not_found', { envIds: 'invalid_value' });
  return unique;
}

export async function statOrNull(storage: FileStorage, key: string) {
  try {
    return await storage.stat(key);
  } catch (error) {
    if (error instanceof StorageError && error.reason === 'not_found') return null;
    throw error;
  }
}

/** The key of a cover: a JPG or PNG file of the course. */
export async function coverKeyOf(storage: FileStorage, courseId: string, fileId: string) {
  const key = courseFileKey(courseId, fileId);
  const file = await statOrNull(storage, key);
  if (!file) throw invalid('courses.cover_not_found', { coverFileId: 'invalid_value' });
  if (!imageTypes.includes(file.contentType))
    throw invalid('courses.cover_type', { coverFileId: 'invalid_format' });
  return key;
}

export const hasDoc = (doc: BilingualDoc) => Boolean(doc.zh || doc.en);

/**
 * A step's content as stored, checked against the course: documents sanitised, files of the
 * course of a type the step shows, lab steps on one of the course's environments.
 */
export async function checkedContent(
  deps: Deps,
  courseId: string,
  content: StepContent,
  courseEnvIds: readonly string[],
): Promise<{ content: StoredContent; envId: string | null; commands: StepCommand[] }> {
  switch (content.type) {
    case 'document':
    case 'show':
    case 'report':
      if (!hasDoc(content.doc))
        throw invalid('common.invalid_input', { 'content.doc': 'required' });
      return {
        content: { doc: storedDocs(content.doc, courseId, 'content.doc') },
        envId: null,
        commands: [],
      };
    case 'video':
    case 'pdf':
    case 'attachment': {
      const file = await statOrNull(deps.storage, courseFileKey(courseId, content.file.fileId));
      if (!file)
        throw invalid('courses.file_not_found', { 'content.file.fileId': 'invalid_value' });
      const allowed = stepFileTypes[content.type];
      if (allowed && !allowed.includes(file.contentType))
        throw invalid('courses.file_step_type', { 'content.file.fileId': 'invalid_format' });
      return { content: { file: content.file }, envId: null, commands: [] };
    }
    case 'question':
    case 'exercises':
      return { content: { questions: content.questions }, envId: null, commands: [] };
    default: {
      if (courseEnvIds.length === 0)
        throw invalid('courses.env_first', { 'content.envId': 'invalid_value' });
      if (!courseEnvIds.includes(content.envId))
        throw invalid('courses.env_not_in_course', { 'content.envId': 'invalid_value' });
      if (!hasDoc(content.doc))
        throw invalid('common.invalid_input', { 'content.doc': 'required' });
      const refused = content.checks.findIndex(
        (c) => 'pattern' in c && c.pattern !== undefined && !linearPattern(c.pattern),
      );
      if (refused >= 0)
        throw invalid('courses.check_pattern_unsupported', {
          [`content.checks.${refused}.pattern`]: 'unsupported_pattern',
        });
      return {
        content: {
          doc: storedDocs(content.doc, courseId, 'content.doc'),
          ...(content.checks.length ? { checks: content.checks } : {}),
        },
        envId: content.envId,
        commands: content.commands,
      };
    }
  }
}

/** Opening for self-study needs chapters, each with steps. */
export async function checkSelfStudyGate(db: Db, courseId: string) {
  if ((await chapterRepo.countChapters(db, courseId)) === 0)
    throw invalid('courses.no_chapters', { open: 'invalid_value' });
  if ((await chapterRepo.emptyChapterIds(db, courseId)).length > 0)
    throw invalid('courses.chapter_steps_empty', { open: 'invalid_value' });
}
