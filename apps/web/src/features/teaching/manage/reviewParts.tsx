import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Space, Table, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  questionKinds,
  type CheckRunResult,
  type QuestionKind,
  type StudentTaskReview,
} from '@platform/contract';
import { formatTime } from '../../../shared/dates';

/** The parts of a step in the scoring view: answered questions and check attempts. */

type Question = StudentTaskReview['steps'][number]['questions'][number];

const letter = (i: number) => String.fromCharCode(65 + i);

function isKind(kind: string): kind is QuestionKind {
  return (questionKinds as readonly string[]).includes(kind);
}

/** What the student answered, in words. */
function useAnswerText() {
  const { t } = useTranslation();
  const judged = (value: boolean) => t(`courses.manage.actions.${value ? 'true' : 'false'}`);
  const chosen = (q: Question, indexes: number[]) =>
    indexes.map((i) => `${letter(i)}. ${q.options[i] ?? ''}`).join('；');
  return {
    answer: (q: Question) => {
      const a = q.answer;
      if (!a) return t('teaching.manage.hints.noAnswer');
      if (a.kind === 'judgement') return judged(a.answer);
      if (a.kind === 'fill') return a.text || t('teaching.manage.hints.noAnswer');
      return a.chosen.length ? chosen(q, a.chosen) : t('teaching.manage.hints.noAnswer');
    },
    right: (q: Question) => {
      const r = q.result;
      if (!r) return null;
      if (r.rightOptions) return chosen(q, r.rightOptions);
      if (r.rightJudgement !== undefined) return judged(r.rightJudgement);
      if (r.rightAnswers) return r.rightAnswers.join(' / ');
      return null;
    },
  };
}

/** A titled list of what a step holds. */
function ReviewList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="teaching-review-list">
      <Typography.Text strong>{title}</Typography.Text>
      <ol aria-label={title}>{children}</ol>
    </section>
  );
}

/** A step's questions with the student's answers, right or wrong, and their scores. */
export function QuestionList({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  const text = useAnswerText();
  return (
    <ReviewList title={t('teaching.manage.titles.questions')}>
      {questions.map((q, i) => {
        const right = text.right(q);
        return (
          <li key={i}>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space wrap size={4}>
                <Typography.Text strong>{`${i + 1}.`}</Typography.Text>
                {isKind(q.kind) && <Tag>{t(`courses.manage.questionKind.${q.kind}`)}</Tag>}
                <span>{q.stem}</span>
              </Space>
              {q.options.length > 0 && (
                <Typography.Text type="secondary">
                  {q.options.map((o, k) => `${letter(k)}. ${o}`).join('　')}
                </Typography.Text>
              )}
              <Space wrap size={8}>
                <span>{t('teaching.manage.hints.studentAnswer', { answer: text.answer(q) })}</span>
                {q.result &&
                  (q.result.right ? (
                    <Tag icon={<CheckCircleFilled />} color="success">
                      {t('teaching.manage.hints.right')}
                    </Tag>
                  ) : (
                    <Tag icon={<CloseCircleFilled />} color="error">
                      {t('teaching.manage.hints.wrong')}
                    </Tag>
                  ))}
                <span>
                  {t('teaching.manage.hints.questionPoints', {
                    score: q.result?.score ?? 0,
                    max: q.score,
                  })}
                </span>
              </Space>
              {right !== null && (
                <Typography.Text type="secondary">
                  {t('teaching.manage.hints.rightAnswer', { answer: right })}
                </Typography.Text>
              )}
            </Space>
          </li>
        );
      })}
    </ReviewList>
  );
}

/** Every check attempt of a step, newest first, each with every check (hidden ones marked). */
export function CheckAttempts({ attempts }: { attempts: CheckRunResult[] }) {
  const { t } = useTranslation();
  return (
    <ReviewList title={t('teaching.manage.titles.checks')}>
      {attempts.map((attempt) => (
        <li key={attempt.attemptId}>
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Space wrap size={8}>
              <Tag color={attempt.score >= attempt.max ? 'success' : 'warning'}>
                {t('teaching.manage.hints.points', { score: attempt.score, max: attempt.max })}
              </Tag>
              <Typography.Text type="secondary">{formatTime(attempt.createdAt)}</Typography.Text>
              {attempt.message && <span>{attempt.message}</span>}
            </Space>
            <Table
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              rowKey="key"
              dataSource={attempt.items.map((item, i) => ({ ...item, key: i }))}
              columns={[
                {
                  key: 'title',
                  title: t('teaching.manage.fields.check'),
                  render: (_, item) => (
                    <Space size={4}>
                      <span>{item.title}</span>
                      {item.hidden && <Tag>{t('teaching.manage.hints.hidden')}</Tag>}
                    </Space>
                  ),
                },
                {
                  key: 'passed',
                  title: t('teaching.manage.fields.passed'),
                  render: (_, item) => (
                    <Tag color={item.passed ? 'success' : 'error'}>
                      {t(
                        item.passed
                          ? 'teaching.manage.hints.passed'
                          : 'teaching.manage.hints.failed',
                      )}
                    </Tag>
                  ),
                },
                {
                  key: 'score',
                  title: t('teaching.manage.fields.score'),
                  render: (_, item) => `${item.score} / ${item.max}`,
                },
                {
                  key: 'message',
                  dataIndex: 'message',
                  title: t('teaching.manage.fields.message'),
                },
              ]}
            />
          </Space>
        </li>
      ))}
    </ReviewList>
  );
}
