import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, List, Row, Space, Tag, Typography } from 'antd';
import type { StudentCourseInfo } from '@platform/contract';
import { useIdParam } from '../../../shared/areaNavigation';
import { BackButton } from '../../../shared/ui/BackButton';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { EmptyState, QueryStates } from '../../../shared/ui/PageStates';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { formatBytes } from '../../labs/format';
import { courseInfoQueryOptions, downloadResource, useContentLang } from './api';
import { CourseCover, CourseTags, ProgressBar } from './CourseCard';
import { CourseOutline } from './CourseOutline';
import { Section } from './Section';
import { coursePages, firstUnfinishedStep, useCourseNavigate } from './navigation';
import { richDoc } from './richDoc';
import './courses-study.css';

/** Start, continue or review: to the first step not done yet. */
function StudyButton({ info }: { info: StudentCourseInfo }) {
  const { t } = useTranslation();
  const open = useCourseNavigate();
  const step = firstUnfinishedStep(info);
  const { done, total } = info.progress;
  const label = done === 0 ? 'start' : done < total ? 'continue' : 'review';
  return (
    <Button
      type="primary"
      size="large"
      disabled={!step}
      onClick={() => step && open('study', step)}
    >
      {t(`courses.study.actions.${label}`)}
    </Button>
  );
}

function InfoView({ info }: { info: StudentCourseInfo }) {
  const { t } = useTranslation();
  const description = richDoc(info.description);
  const hasSteps = info.chapters.some((c) => c.steps.length > 0);
  return (
    <>
      <Row gutter={[24, 16]} className="cs-info__head">
        <Col xs={24} md={10} xl={8}>
          <CourseCover url={info.coverUrl} name={info.name} />
        </Col>
        <Col xs={24} md={14} xl={16}>
          <Space orientation="vertical" size={12} className="cs-info__summary">
            <Typography.Title level={2} className="cs-info__name">
              {info.name}
            </Typography.Title>
            <CourseTags course={info} />
            {info.overview && <Typography.Paragraph>{info.overview}</Typography.Paragraph>}
            <div className="cs-info__progress">
              <Typography.Text type="secondary">{t('courses.study.info.progress')}</Typography.Text>
              <ProgressBar
                percent={info.progress.percent}
                label={t('courses.study.info.progress')}
              />
              <Space wrap size={16}>
                <Typography.Text type="secondary">
                  {t('courses.study.info.progressText', {
                    done: info.progress.done,
                    total: info.progress.total,
                  })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('courses.study.info.score', { score: info.progress.score })}
                </Typography.Text>
              </Space>
            </div>
            <StudyButton info={info} />
          </Space>
        </Col>
      </Row>
      {description && (
        <Section title={t('courses.study.info.description')}>
          <RichTextView doc={description} />
        </Section>
      )}
      {info.environments.length > 0 && (
        <Section title={t('courses.study.info.environments')}>
          <Space wrap>
            {info.environments.map((env) => (
              <Tag key={env.id} color="geekblue">
                {env.name}
              </Tag>
            ))}
          </Space>
        </Section>
      )}
      <Section title={t('courses.study.info.outline')}>
        {hasSteps ? (
          <CourseOutline chapters={info.chapters} />
        ) : (
          <EmptyState description={t('courses.study.info.noSteps')} />
        )}
      </Section>
      <Section title={t('courses.study.info.resources')}>
        {info.resources.length > 0 ? (
          <List
            dataSource={info.resources}
            renderItem={(resource) => (
              <List.Item
                actions={[
                  <DownloadButton
                    key="download"
                    download={() => downloadResource(resource.id, resource.name)}
                  >
                    {t('courses.study.actions.download')}
                  </DownloadButton>,
                ]}
              >
                <List.Item.Meta title={resource.name} description={formatBytes(resource.size)} />
              </List.Item>
            )}
          />
        ) : (
          <EmptyState description={t('courses.study.info.noResources')} />
        )}
      </Section>
    </>
  );
}

/** Course info: overview, description, environments, the outline with marks, and resources. */
export function CourseInfo() {
  const { t } = useTranslation();
  const id = useIdParam();
  const lang = useContentLang();
  const info = useQuery(courseInfoQueryOptions(id, lang));
  return (
    <Card
      title={<BackButton fallback={coursePages.hall}>{t('courses.study.actions.back')}</BackButton>}
    >
      {id ? (
        <QueryStates query={info}>{(data) => <InfoView info={data} />}</QueryStates>
      ) : (
        <EmptyState description={t('courses.study.info.missingId')} />
      )}
    </Card>
  );
}
