import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space } from 'antd';
import { formatMessage, teachingLimits, type StepReport } from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { apiLanguage } from '../../../shared/i18n';
import { QueryStates } from '../../../shared/ui/PageStates';
import {
  finishStepReportMutationOptions,
  saveStepReport,
  stepReportQueryOptions,
  uploadStepReportImage,
} from './reportApi';
import { ReportWriter } from './ReportWriter';

function Writer({ report }: { report: StepReport }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lang = apiLanguage();
  const { stepId } = report;
  const source = useMemo(
    () => ({
      key: `course-step-${stepId}`,
      content: report.content,
      revision: report.revision,
      savedAt: report.savedAt,
      save: (doc: Parameters<typeof saveStepReport>[2], revision: number, leaving: boolean) =>
        saveStepReport(client, stepId, doc, revision, leaving),
      failedMessage: formatMessage('courses.report_save_failed', lang),
    }),
    [client, stepId, report.content, report.revision, report.savedAt, lang],
  );
  return (
    <Space orientation="vertical" size={12} className="cs-block">
      {report.finishedAt && (
        <Alert
          type="success"
          showIcon
          title={t('courses.study.report.finishedAt', { time: formatInstant(report.finishedAt) })}
        />
      )}
      <ReportWriter
        source={source}
        uploadImage={(file) => uploadStepReportImage(stepId, file)}
        act={{
          label: t('courses.study.report.finish'),
          title: t('courses.study.report.finishTitle'),
          body: t('courses.study.report.finishBody'),
          ok: t('courses.study.report.finishOk'),
          mutation: finishStepReportMutationOptions(client, stepId),
        }}
        messages={{
          saved: formatMessage('courses.report_saved', lang),
          saveFailed: formatMessage('courses.report_save_failed', lang),
          tooLong: formatMessage('courses.report_too_long', lang, {
            max: teachingLimits.reportMax,
          }),
        }}
      />
    </Space>
  );
}

/**
 * The report of a report step studied on one's own (decision 0041): written, saved and finished
 * here, with images; finishing completes the step, and it stays the student's to change.
 */
export function SelfStudyReport({ stepId }: { stepId: string }) {
  const report = useQuery(stepReportQueryOptions(stepId));
  return (
    <QueryStates query={report}>
      {(data) => <Writer key={`${data.stepId}:${data.finishedAt ?? ''}`} report={data} />}
    </QueryStates>
  );
}
