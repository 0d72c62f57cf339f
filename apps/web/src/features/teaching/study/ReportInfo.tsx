import { useTranslation } from 'react-i18next';
import { Descriptions, Space, Typography } from 'antd';
import { formatInstant } from '../../../shared/dates';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { useContentLang } from '../../courses/study/api';
import { Section } from '../../courses/study/Section';
import { richDoc } from '../../courses/study/richDoc';
import { reportInfoQueryOptions, type ReportInfo as Report } from './api';
import { ReportPanel } from './ReportEditor';
import { RecordCard, ReportStatusTag, TeacherVerdict } from './TaskParts';
import '../../courses/study/courses-study.css';
import './tasks-study.css';

function ReportView({ report }: { report: Report }) {
  const { t } = useTranslation();
  const instructions = richDoc(report.instructions);
  const time = (iso: string | null) => (iso ? formatInstant(iso) : '—');
  return (
    <>
      <Space orientation="vertical" size={12} className="cs-block">
        <Space wrap size={8} align="center">
          <Typography.Title level={2} className="ts-title">
            {report.taskName}
          </Typography.Title>
          <ReportStatusTag status={report.status} />
        </Space>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 3 }}
          items={[
            {
              key: 'course',
              label: t('teaching.study.fields.course'),
              children: report.courseName,
            },
            {
              key: 'saved',
              label: t('teaching.study.report.savedLabel'),
              children: time(report.savedAt),
            },
            {
              key: 'submitted',
              label: t('teaching.study.report.submittedLabel'),
              children: time(report.submittedAt),
            },
          ]}
        />
        <TeacherVerdict
          score={report.score}
          comment={report.comment}
          issued={report.score !== null}
        />
      </Space>
      {instructions && (
        <Section title={t('teaching.study.report.instructions')}>
          <RichTextView doc={instructions} />
        </Section>
      )}
      <Section title={t('teaching.study.report.content')}>
        <ReportPanel info={report} />
      </Section>
    </>
  );
}

/**
 * Report info (`?id=` of the student task), full screen: the report, editable while the student
 * may still change it, its state and times, the teacher's comment and score once issued, and
 * the report's instructions.
 */
export function ReportInfo() {
  const { t } = useTranslation();
  const lang = useContentLang();
  return (
    <RecordCard
      back="reports"
      missing={t('teaching.study.report.missingId')}
      optionsOf={(id) => reportInfoQueryOptions(id, lang)}
    >
      {(data) => <ReportView report={data} />}
    </RecordCard>
  );
}
