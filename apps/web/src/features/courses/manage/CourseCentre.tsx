import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Pagination, Segmented, Space, Spin, Typography } from 'antd';
import { AppstoreOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@platform/contract';
import { useFilteredPage } from '../../../shared/usePaging';
import { useCan } from '../../../shared/permissions/useCan';
import { PageTable } from '../../../shared/ui/PageTable';
import { EmptyState, LoadFailed } from '../../../shared/ui/PageStates';
import { RowAction } from '../../../shared/ui/RowActions';
import { coursePageQueryOptions } from './api';
import { CourseCover, OwnerTag, useCourseColumns } from './courseParts';
import { CourseFilters } from './CourseFilters';
import { useCoursePaths } from './coursePaths';
import { CourseTags } from './formParts';

type Layout = 'cards' | 'table';

/** The actions a course offers in the course centre: its detail, and configuration if ours. */
function useCourseActions() {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useCoursePaths();
  return (course: CourseSummary) => (
    <>
      <RowAction onClick={() => paths.to('detail', course.id)}>
        {t('courses.manage.actions.detail')}
      </RowAction>
      {course.editable && can('course.edit') && (
        <RowAction onClick={() => paths.to('config', course.id)}>
          {t('courses.manage.actions.config')}
        </RowAction>
      )}
    </>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useTranslation();
  const paths = useCoursePaths();
  const actions = useCourseActions();
  return (
    <Card
      className="course-card"
      hoverable
      cover={<CourseCover url={course.coverUrl} name={course.name} size="card" />}
      actions={[
        // The card opens the detail; its actions must not.
        <div key="actions" onClick={(e) => e.stopPropagation()}>
          <Space size={0} wrap>
            {actions(course)}
          </Space>
        </div>,
      ]}
      onClick={() => paths.to('detail', course.id)}
    >
      <h3 className="course-card__name">{course.name}</h3>
      <Space size={[0, 4]} wrap>
        <CourseTags difficulty={course.difficulty} specialty={course.specialty} />
        <OwnerTag course={course} />
      </Space>
      <div className="course-card__meta">
        {course.authorName ?? t('courses.manage.hints.none')} ·{' '}
        {t('courses.manage.fields.chapters')} {course.chapterCount} ·{' '}
        {t('courses.manage.fields.steps')} {course.stepCount}
      </div>
      {course.overview && (
        <Typography.Paragraph className="course-card__overview" ellipsis={{ rows: 2 }}>
          {course.overview}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/**
 * The teacher's course centre: the school's courses and the platform's, filtered and paged on
 * the server, as cards or as a table.
 */
export function CourseCentre() {
  const { t } = useTranslation();
  const can = useCan();
  const paths = useCoursePaths();
  const [layout, setLayout] = useState<Layout>('cards');
  const { filter, set, page, pagination } = useFilteredPage(
    (total) => t('courses.manage.hints.total', { total }),
    coursePageQueryOptions,
  );
  const columns = useCourseColumns(useCourseActions());
  const records = page.data?.records ?? [];

  return (
    <Card
      title={t('courses.manage.titles.centre')}
      extra={
        <Space wrap>
          <Segmented<Layout>
            aria-label={t('courses.manage.titles.centre')}
            value={layout}
            onChange={setLayout}
            options={[
              {
                value: 'cards',
                icon: <AppstoreOutlined />,
                label: t('courses.manage.actions.cards'),
              },
              { value: 'table', icon: <TableOutlined />, label: t('courses.manage.actions.table') },
            ]}
          />
          {can('course.add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => paths.to('add')}>
              {t('courses.manage.actions.add')}
            </Button>
          )}
        </Space>
      }
    >
      <CourseFilters value={filter} set={set} />
      {layout === 'table' ? (
        <PageTable<CourseSummary> page={page} pagination={pagination} columns={columns} />
      ) : page.isError && !page.data ? (
        <LoadFailed error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Spin spinning={page.isFetching}>
          {records.length === 0 && !page.isPending ? (
            <EmptyState />
          ) : (
            <div className="course-cards">
              {records.map((course) => (
                <CourseCard key={course.id} course={course} />
              ))}
            </div>
          )}
          <div className="course-pagination">
            <Pagination {...pagination} />
          </div>
        </Spin>
      )}
    </Card>
  );
}
