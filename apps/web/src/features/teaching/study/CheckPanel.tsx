import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from '@ant-design/icons';
import type { CheckRunResult, TaskStudyStep } from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { ProgressBar } from '../../courses/study/CourseCard';
import { stepCheckMutationOptions } from './api';

/** An attempt: the step's score of its most, the reason, and each check passed or not. */
function CheckResult({ result }: { result: CheckRunResult }) {
  const { t } = useTranslation();
  const percent = result.max > 0 ? Math.round((result.score * 100) / result.max) : 0;
  const full = result.score >= result.max;
  return (
    <div className="ts-check__result" aria-label={t('teaching.study.check.result')}>
      <div className="ts-check__total">
        <Typography.Text strong className={full ? 'ts-pass' : 'ts-partial'}>
          {t('teaching.study.check.score', { score: result.score, max: result.max })}
        </Typography.Text>
        <span className="ts-muted">
          {t('teaching.study.check.at', { time: formatInstant(result.createdAt) })}
        </span>
      </div>
      <ProgressBar percent={percent} label={t('teaching.study.check.share')} />
      {result.message && <Typography.Paragraph>{result.message}</Typography.Paragraph>}
      <ul className="ts-check__items">
        {result.items.map((item, i) => (
          <li key={i} className="ts-check__item">
            {item.passed ? (
              <CheckCircleFilled
                className="ts-pass"
                aria-label={t('teaching.study.check.passed')}
              />
            ) : (
              <CloseCircleFilled
                className="ts-fail"
                aria-label={t('teaching.study.check.failed')}
              />
            )}
            <span className="ts-check__title">{item.title}</span>
            <span className="ts-check__points">
              {t('teaching.study.check.itemScore', { score: item.score, max: item.max })}
            </span>
            {item.message && <span className="ts-check__message">{item.message}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A lab step's checks: the visible ones by title and points, the hidden ones as a count and
 * their points, a Check button that runs them against the student's running lab, and the result
 * of the latest attempt with partial credit.
 */
export function CheckPanel({ step, locked }: { step: TaskStudyStep; locked: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const check = useMutation(stepCheckMutationOptions(client, step.studentTaskId));
  const { checks, hiddenChecks } = step;
  if (checks.length === 0 && hiddenChecks.count === 0) return null;
  const last = check.data ?? step.lastCheck;
  return (
    <section className="ts-check" aria-label={t('teaching.study.check.title')}>
      <Typography.Title level={5}>{t('teaching.study.check.title')}</Typography.Title>
      <ul className="ts-check__list">
        {checks.map((c, i) => (
          <li key={i}>
            <span>{c.title}</span>
            <span className="ts-check__points">
              {t('teaching.study.check.points', { score: c.score })}
            </span>
          </li>
        ))}
        {hiddenChecks.count > 0 && (
          <li className="ts-muted">
            {t('teaching.study.check.hidden', {
              count: hiddenChecks.count,
              score: hiddenChecks.score,
            })}
          </li>
        )}
      </ul>
      <Button
        type="primary"
        icon={<SafetyCertificateOutlined />}
        loading={check.isPending}
        disabled={locked}
        onClick={() => check.mutate(step.id)}
      >
        {check.isPending ? t('teaching.study.check.running') : t('teaching.study.check.run')}
      </Button>
      {last ? (
        <CheckResult result={last} />
      ) : (
        <Typography.Text type="secondary">{t('teaching.study.check.none')}</Typography.Text>
      )}
    </section>
  );
}
