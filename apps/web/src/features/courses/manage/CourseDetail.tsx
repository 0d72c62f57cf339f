import { useTranslation } from 'react-i18next';
import { Button, Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { EditOutlined, SettingOutlined } from '@ant-design/icons';
import { orderChapters, orderSteps, type CourseDetail as Course } from '@platform/contract';
import type { RichDocument } from '@platform/rich-text';
import { dateOf, formatTime } from '../../../shared/dates';
import { useCan } from '../../../shared/permissions/useCan';
import { BackButton } from '../../../shared/ui/BackButton';
import { EmptyState } from '../../../shared/ui/PageStates';
import { RecordPage } from '../../../shared/ui/RecordPage';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { courseDetailQueryOptions } from './api';
import { CourseCover, MissingCourse, OwnerTag } from './courseParts';
import { useCoursePaths } from './coursePaths';
import { CourseTags } from './formParts';
import { ResourceTable } from './ResourceTable';

/** A course's detail (…/detail?id=): its basics, outline and resource files. */
export function CourseDetail() {
  const { t } = useTranslation();
  return (
    <RecordPage
      optionsOf={courseDetailQueryOptions}
      missing={<MissingCourse title={t('courses.manage.titles.detail')} />}
    >
      {(c) => <DetailView course={c} />}
    </RecordPage>
  );
}

function DetailView({ course }: { course: Course }) {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useCoursePaths();
  const editable = course.editable && can('course.edit');
  const chapters = orderChapters(course.chapters, (c) => c.name);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={course.name}
        extra={
          <Space wrap>
            {editable && (
              <Button icon={<EditOutlined />} onClick={() => paths.to('edit', course.id)}>
                {t('courses.manage.actions.edit')}
              </Button>
            )}
            {editable && (
              <Button
                type="primary"
                icon={<SettingOutlined />}
                onClick={() => paths.to('config', course.id)}
              >
                {t('courses.manage.actions.config')}
              </Button>
            )}
            <BackButton fallback={paths.list}>{t('courses.manage.actions.back')}</BackButton>
          </Space>
        }
      >
        <Row gutter={[24, 16]}>
          <Col xs={24} md={9}>
            <CourseCover url={course.coverUrl} name={course.name} size="large" />
          </Col>
          <Col xs={24} md={15}>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              <Descriptions.Item
                label={`${t('courses.manage.fields.difficulty')} / ${t('courses.manage.fields.specialty')}`}
              >
                <CourseTags difficulty={course.difficulty} specialty={course.specialty} />
              </Descriptions.Item>
              <Descriptions.Item label={t('courses.manage.fields.owner')}>
                <OwnerTag course={course} />
                {course.purchasedUntil &&
                  t('courses.manage.hints.purchasedUntil', { date: dateOf(course.purchasedUntil) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('courses.manage.fields.author')}>
                {course.authorName ?? t('courses.manage.hints.none')}
              </Descriptions.Item>
              <Descriptions.Item label={t('courses.manage.fields.updatedAt')}>
                {formatTime(course.updatedAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('courses.manage.fields.environments')} span={2}>
                {course.environments.length === 0
                  ? t('courses.manage.hints.noEnvironments')
                  : course.environments.map((env) => <Tag key={env.id}>{env.name}</Tag>)}
              </Descriptions.Item>
              <Descriptions.Item label={t('courses.manage.fields.overview')} span={2}>
                {course.overview || t('courses.manage.hints.none')}
              </Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
        {course.description && (
          <>
            <Typography.Title level={5}>{t('courses.manage.titles.description')}</Typography.Title>
            <RichTextView doc={course.description as unknown as RichDocument} />
          </>
        )}
      </Card>
      <Card title={t('courses.manage.titles.outline')}>
        {chapters.length === 0 ? (
          <EmptyState description={t('courses.manage.hints.noChapters')} />
        ) : (
          chapters.map((chapter) => (
            <section key={chapter.id} className="course-chapter">
              <Typography.Title level={5}>{chapter.name}</Typography.Title>
              {chapter.description && (
                <Typography.Paragraph type="secondary">{chapter.description}</Typography.Paragraph>
              )}
              {chapter.steps.length === 0 ? (
                <Typography.Text type="secondary">
                  {t('courses.manage.hints.noSteps')}
                </Typography.Text>
              ) : (
                orderSteps(chapter.steps, (s) => s.name).map((step) => (
                  <div key={step.id} className="course-step">
                    <Tag>{t(`courses.manage.stepType.${step.type}`)}</Tag>
                    <span className="course-step__name">{step.name}</span>
                  </div>
                ))
              )}
            </section>
          ))
        )}
      </Card>
      <Card title={t('courses.manage.titles.resources')}>
        <ResourceTable courseId={course.id} manage={course.editable && can('course.resource')} />
      </Card>
    </Space>
  );
}
