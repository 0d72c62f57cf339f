import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Radio, Space, Tag, Typography } from 'antd';
import {
  courseLimits,
  type QuestionAnswer,
  type QuestionResult,
  type StudyStep,
  type Withheld,
} from '@platform/contract';
import type { StepCalls } from './api';

type StudyQuestion = NonNullable<StudyStep['questions']>[number];
type Draft = QuestionAnswer | undefined;

/** Options are lettered A, B, C… */
const letter = (index: number) => String.fromCharCode(65 + index);

function isAnswered(answer: Draft): answer is QuestionAnswer {
  if (!answer) return false;
  if (answer.kind === 'fill') return answer.text.trim().length > 0;
  if (answer.kind === 'judgement') return true;
  return answer.chosen.length > 0;
}

/** What each question takes as an answer. */
function AnswerInput({
  question,
  answer,
  disabled,
  onChange,
  label,
  name,
}: {
  question: StudyQuestion;
  answer: Draft;
  disabled: boolean;
  onChange: (answer: QuestionAnswer) => void;
  label: string;
  /** The radio group's own name: one choice per question. */
  name: string;
}) {
  const { t } = useTranslation();
  const options = question.options.map((text, i) => ({ value: i, label: `${letter(i)}. ${text}` }));
  const shared = { 'aria-label': label, className: 'cs-question__options', disabled };
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          {...shared}
          name={name}
          value={answer?.kind === 'single' ? answer.chosen[0] : undefined}
          onChange={(e) => onChange({ kind: 'single', chosen: [e.target.value as number] })}
          options={options}
        />
      );
    case 'multiple':
      return (
        <Checkbox.Group
          {...shared}
          value={answer?.kind === 'multiple' ? answer.chosen : []}
          onChange={(chosen) =>
            onChange({ kind: 'multiple', chosen: [...chosen].sort((a, b) => a - b) })
          }
          options={options}
        />
      );
    case 'judgement':
      return (
        <Radio.Group
          {...shared}
          name={name}
          value={answer?.kind === 'judgement' ? answer.answer : undefined}
          onChange={(e) => onChange({ kind: 'judgement', answer: e.target.value as boolean })}
          options={[
            { value: true, label: t('courses.study.questions.right') },
            { value: false, label: t('courses.study.questions.wrong') },
          ]}
        />
      );
    case 'fill':
      return (
        <Input
          aria-label={label}
          className="cs-question__fill"
          disabled={disabled}
          maxLength={courseLimits.optionMax}
          placeholder={t('courses.study.questions.fillPlaceholder')}
          value={answer?.kind === 'fill' ? answer.text : ''}
          onChange={(e) => onChange({ kind: 'fill', text: e.target.value })}
        />
      );
  }
}

/** Whether the result carries its key: a task holds keys back until its scores are issued. */
const hasKey = (result: QuestionResult) =>
  result.rightOptions !== undefined ||
  result.rightJudgement !== undefined ||
  result.rightAnswers !== undefined;

function ResultNote({ question, result }: { question: StudyQuestion; result: QuestionResult }) {
  const { t } = useTranslation();
  const separator = t('courses.study.questions.answerSeparator');
  // The right answer in words: option letters, true or false, or the accepted fill-ins.
  let rightAnswer = (result.rightAnswers ?? []).join(separator);
  if (result.rightOptions)
    rightAnswer = result.rightOptions
      .map((i) => `${letter(i)}. ${question.options[i] ?? ''}`)
      .join(separator);
  else if (result.rightJudgement !== undefined)
    rightAnswer = result.rightJudgement
      ? t('courses.study.questions.right')
      : t('courses.study.questions.wrong');
  return (
    <Alert
      className="cs-question__result"
      type={result.right ? 'success' : 'error'}
      showIcon
      title={
        result.right
          ? t('courses.study.questions.answeredRight', { score: result.score })
          : t('courses.study.questions.answeredWrong')
      }
      description={
        hasKey(result) ? (
          <Space orientation="vertical" size={4}>
            <span>{t('courses.study.questions.rightAnswer', { answer: rightAnswer })}</span>
            {result.analysis && (
              <span>{t('courses.study.questions.analysis', { analysis: result.analysis })}</span>
            )}
          </Space>
        ) : undefined
      }
    />
  );
}

/** What is said of answers whose results a task holds back until its scores are issued. */
function WithheldNote({ withheld }: { withheld: Withheld }) {
  const { t } = useTranslation();
  if (!withheld) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="cs-questions__withheld"
      title={t(`courses.study.questions.withheld.${withheld}`)}
    />
  );
}

/**
 * A question or exercises step: each question with its input, one submission scored at once, then
 * each question's result, right answer and analysis, and the total; in a task whose scores are
 * not issued, without the right answers (training) or without any result (an exam). An answered
 * step shows what was answered and its results; a locked one takes no more answers.
 */
export function QuestionsStep({
  step,
  calls,
  locked = false,
}: {
  step: StudyStep;
  calls: StepCalls;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const questions = step.questions ?? [];
  const stored = step.progress.results;
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    questions.map((_, i) => step.progress.answers?.[i]),
  );
  const [tried, setTried] = useState(false);
  const answer = useMutation(calls.answer(client));
  const results = answer.data ? answer.data.results : stored;
  const withheld = answer.data ? answer.data.withheld : step.progress.withheld;
  const answered = Boolean(answer.data) || step.progress.answers !== null;
  const total = questions.reduce((sum, q) => sum + q.score, 0);
  const score =
    answer.data?.score ?? step.progress.score ?? results?.reduce((s, r) => s + r.score, 0);

  const complete = drafts.filter(isAnswered);
  const missing = questions.length - complete.length;

  const submit = () => {
    setTried(true);
    if (missing === 0) answer.mutate({ stepId: step.id, answers: complete });
  };

  return (
    <div className="cs-questions">
      {answered && withheld !== 'results' && (
        <Alert
          type="info"
          showIcon
          className="cs-questions__total"
          title={t('courses.study.questions.total', { score: score ?? 0, total })}
        />
      )}
      {answered && <WithheldNote withheld={withheld} />}
      <ol className="cs-questions__list">
        {questions.map((question, i) => {
          const result = results?.[i];
          const label = `${i + 1}. ${question.stem}`;
          return (
            <li key={i} className="cs-question">
              <div className="cs-question__head">
                <Typography.Text strong className="cs-question__stem">
                  {label}
                </Typography.Text>
                <Space size={4}>
                  <Tag>{t(`courses.study.questions.kinds.${question.kind}`)}</Tag>
                  <Tag color="gold">
                    {t('courses.study.questions.points', { score: question.score })}
                  </Tag>
                </Space>
              </div>
              <AnswerInput
                question={question}
                answer={drafts[i]}
                disabled={answered || locked || answer.isPending}
                label={label}
                name={`question-${step.id}-${i}`}
                onChange={(next) => setDrafts((all) => all.map((d, n) => (n === i ? next : d)))}
              />
              {result && <ResultNote question={question} result={result} />}
            </li>
          );
        })}
      </ol>
      {!answered && !locked && (
        <Space orientation="vertical" className="cs-questions__submit">
          {tried && missing > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('courses.study.questions.unanswered', { count: missing })}
            />
          )}
          <Button type="primary" loading={answer.isPending} onClick={submit}>
            {t('courses.study.questions.submit')}
          </Button>
        </Space>
      )}
    </div>
  );
}
