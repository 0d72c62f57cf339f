/**
 * What courses are made of, as plain values: levels, specialties, step and question kinds, limits
 * and bilingual text. Free of schemas, so pages that only show courses load no validation code.
 */

/** Management spec §9. */
export const courseDifficulties = ['entry', 'easy', 'harder', 'high'] as const;
export type CourseDifficulty = (typeof courseDifficulties)[number];

export const courseSpecialties = [
  'ai',
  'iot',
  'big-data',
  'blockchain',
  'industrial-iot',
  'digital-business',
] as const;
export type CourseSpecialty = (typeof courseSpecialties)[number];

/** Step types of the course centre (platform spec §2); each has one editor and one student view. */
export const stepTypes = [
  'document',
  'video',
  'pdf',
  'attachment',
  'show',
  'question',
  'exercises',
  'report',
  'training',
  'emulation',
  'terminal',
] as const;
export type StepType = (typeof stepTypes)[number];

/** Steps that open a lab from the course's environments. */
export const labStepTypes = ['training', 'emulation', 'terminal'] as const satisfies StepType[];

export const questionKinds = ['single', 'multiple', 'judgement', 'fill'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const courseLimits = {
  nameMin: 3,
  nameMax: 25,
  stemMin: 3,
  stemMax: 200,
  optionMin: 1,
  optionMax: 150,
  optionsMax: 10,
  analysisMax: 1000,
  fillAnswersMax: 10,
  coverMaxBytes: 5 * 1024 * 1024,
  /** A question gives at most as much as a teacher's score of a whole task (decision 0040). */
  questionScoreMax: 100,
  /** What one step's questions, or one lab step's checks, give at most together. */
  stepScoreMax: 1000,
} as const;

export const contentLanguages = ['zh', 'en'] as const;
export type ContentLanguage = (typeof contentLanguages)[number];

/** Text that teachers write in either language or both; a reader gets theirs, else the other. */
export type Bilingual = { zh?: string | undefined; en?: string | undefined };

/** The reader's language, else the other one, else an empty string. */
export function localized(text: Bilingual | null | undefined, lang: ContentLanguage): string {
  if (!text) return '';
  const other = lang === 'zh' ? 'en' : 'zh';
  return text[lang] || text[other] || '';
}

/** Button-level permissions of the course pages (management spec §2). */
export const coursePermissionKeys = [
  'course.add',
  'course.edit',
  'course.delete',
  'course.transfer',
  'course.resource',
] as const;

/** Upload limits by file kind, in bytes (management spec §9 for covers; the rest decision 0024). */
export const courseFileKinds = ['cover', 'image', 'video', 'pdf', 'attachment'] as const;
export type CourseFileKind = (typeof courseFileKinds)[number];
export const courseFileLimits: Record<CourseFileKind, number> = {
  cover: 5 * 1024 * 1024,
  image: 5 * 1024 * 1024,
  video: 500 * 1024 * 1024,
  pdf: 100 * 1024 * 1024,
  attachment: 200 * 1024 * 1024,
};
/** Resource files of a course's resource table. */
export const courseResourceMaxBytes = 200 * 1024 * 1024;

export const courseTextLimits = {
  overviewMax: 300,
  chapterNameMax: 50,
  chapterDescriptionMax: 300,
  stepNameMax: 50,
  commandTitleMax: 50,
  commandMax: 2000,
  commandsMax: 30,
  questionsMax: 100,
} as const;
