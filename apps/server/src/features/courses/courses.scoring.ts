import type { z } from 'zod';
import {
  answerIsRight,
  localized,
  type Bilingual,
  type ContentLanguage,
  type Question,
  type QuestionAnswer,
  type QuestionResult,
  type Withheld,
  type stepAnswerResultSchema,
} from '@platform/contract';
import { invalid } from '../../lib/errors';
import type * as chapterRepo from './courses.chapters.repo';
import { isLab, questionTypes, type StoredContent } from './courses.content';

type StepAnswerResult = z.output<typeof stepAnswerResultSchema>;

type Lang = ContentLanguage;

/* Scoring a step's questions, and what a student may see of the results. */

export const texts = (list: Bilingual[], lang: Lang) => list.map((t) => localized(t, lang));

/** Each question's result with the right answer and the analysis, all or nothing per question. */
export function questionResults(
  questions: Question[],
  answers: QuestionAnswer[],
  lang: Lang,
): QuestionResult[] {
  return questions.map((q, i) => {
    const right = answerIsRight(q, answers[i]!);
    const result: QuestionResult = {
      right,
      score: right ? q.score : 0,
      analysis: localized(q.analysis, lang),
    };
    if (q.kind === 'single' || q.kind === 'multiple')
      result.rightOptions = q.options.flatMap((o, n) => (o.right ? [n] : []));
    else if (q.kind === 'judgement') result.rightJudgement = q.answer;
    else result.rightAnswers = texts(q.answers, lang);
    return result;
  });
}

/**
 * The answers to a question step scored, all or nothing per question; refused when the step has
 * no questions or the answers do not match them one by one.
 */
export function scoreAnswers(
  step: Pick<chapterRepo.StepRow, 'type' | 'content'>,
  answers: QuestionAnswer[],
  lang: Lang,
): StepAnswerResult {
  const questions = (step.content as StoredContent).questions;
  if (!questions || !questionTypes.includes(step.type)) throw invalid('courses.not_questions');
  const matches =
    answers.length === questions.length && questions.every((q, i) => answers[i]!.kind === q.kind);
  if (!matches) throw invalid('courses.question_mismatch', { answers: 'invalid_value' });
  const results = questionResults(questions, answers, lang);
  return {
    score: results.reduce((sum, r) => sum + r.score, 0),
    total: questions.reduce((sum, q) => sum + q.score, 0),
    results,
    withheld: null,
  };
}

/**
 * Results as the student may see them while a task holds them back (decision 0040): without
 * their keys (right answers and analyses), or not at all.
 */
export function withheldResults(
  results: QuestionResult[] | null,
  withheld: Withheld,
): QuestionResult[] | null {
  if (!results || withheld === null) return results;
  if (withheld === 'results') return null;
  return results.map(({ right, score }) => ({ right, score }));
}

/** Scored answers as the student may see them (see `withheldResults`). */
export function withheldAnswer(result: StepAnswerResult, withheld: Withheld): StepAnswerResult {
  return {
    ...result,
    score: withheld === 'results' ? null : result.score,
    results: withheldResults(result.results, withheld),
    withheld,
  };
}

/**
 * What decides that a step is done, when not the student (decision 0041): answering its
 * questions, submitting the report, or, in a teaching task, its checks reaching full marks (a lab
 * step without checks, and self-study's labs, whose checks do not run, are the student's say).
 * Null when the student's own "done" counts.
 */
export function completedBy(
  type: string,
  checked: boolean,
):
  | 'courses.completed_by_answer'
  | 'courses.completed_by_report'
  | 'teaching.completed_by_check'
  | null {
  if (questionTypes.includes(type)) return 'courses.completed_by_answer';
  if (type === 'report') return 'courses.completed_by_report';
  if (checked && isLab(type)) return 'teaching.completed_by_check';
  return null;
}
