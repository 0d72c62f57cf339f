import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { formatMessage, teachingLimits } from '@platform/contract';
import { apiLanguage } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { richDoc } from '../../courses/study/richDoc';
import { ReportWriter } from '../../courses/study/ReportWriter';
import { reportSubmitMutationOptions, saveReport, uploadReportImage, type ReportInfo } from './api';

/**
 * A task's report being written (see `ReportWriter`): drafts go to the task's report, and its
 * submission submits the report alone, as its confirmation says (decision 0041).
 */
export function ReportEditor({ info }: { info: ReportInfo }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = info.studentTaskId;
  const lang = apiLanguage();
  const source = useMemo(
    () => ({
      key: id,
      content: info.content,
      revision: info.revision,
      savedAt: info.savedAt,
      save: (doc: Parameters<typeof saveReport>[2], revision: number, leaving: boolean) =>
        saveReport(client, id, doc, revision, leaving),
      failedMessage: formatMessage('teaching.report_save_failed', lang),
    }),
    [client, id, info.content, info.revision, info.savedAt, lang],
  );
  return (
    <ReportWriter
      source={source}
      uploadImage={(file) => uploadReportImage(id, file)}
      act={{
        label: t('teaching.study.report.submit'),
        title: t('teaching.study.report.submitTitle'),
        body: t('teaching.study.report.submitBody'),
        ok: t('teaching.study.report.submitOk'),
        mutation: reportSubmitMutationOptions(client, id),
      }}
      messages={{
        saved: formatMessage('teaching.report_saved', lang),
        saveFailed: formatMessage('teaching.report_save_failed', lang),
        tooLong: formatMessage('teaching.report_too_long', lang, { max: teachingLimits.reportMax }),
      }}
    />
  );
}

/** A report that can no longer be edited, as written. */
export function ReportView({ info }: { info: ReportInfo }) {
  const { t } = useTranslation();
  const doc = richDoc(info.content);
  return doc ? (
    <RichTextView doc={doc} />
  ) : (
    <Typography.Text type="secondary">{t('teaching.study.report.notWritten')}</Typography.Text>
  );
}

/** The report: its editor while the student may still change it, else the report as written. */
export function ReportPanel({ info, locked = false }: { info: ReportInfo; locked?: boolean }) {
  return info.editable && !locked ? (
    <ReportEditor key={info.studentTaskId} info={info} />
  ) : (
    <ReportView info={info} />
  );
}
