import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag, type TableColumnsType } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@platform/contract';
import { formatTime } from '../../../shared/dates';
import { MissingId } from '../../../shared/ui/RecordPage';
import { actionsColumn, ConfirmAction } from '../../../shared/ui/RowActions';
import { toast } from '../../../shared/toast';
import { useCoursePaths } from './coursePaths';
import { CourseTags } from './formParts';
import './courses.css';

/** A course's cover, or a plain block saying there is none. */
export function CourseCover({
  url,
  name,
  size,
}: {
  url: string | null;
  name: string;
  size: 'thumb' | 'card' | 'large';
}) {
  const { t } = useTranslation();
  const className = `course-cover course-cover--${size}`;
  if (!url) {
    return (
      <div
        className={`${className} course-cover--empty`}
        role="img"
        aria-label={t('courses.manage.hints.noCover')}
      >
        <PictureOutlined />
      </div>
    );
  }
  return <img className={className} src={url} alt={name} />;
}

/** Where a course comes from: the platform or the school. */
export function OwnerTag({ course }: { course: Pick<CourseSummary, 'schoolId'> }) {
  const { t } = useTranslation();
  return course.schoolId === null ? (
    <Tag color="purple">{t('courses.manage.hints.platform')}</Tag>
  ) : (
    <Tag>{t('courses.manage.hints.school')}</Tag>
  );
}

/** The columns of a course table, with each row's `actions` last. */
export function useCourseColumns(
  actions: (course: CourseSummary) => ReactNode,
): TableColumnsType<CourseSummary> {
  const { t } = useTranslation();
  return [
    {
      key: 'cover',
      title: t('courses.manage.fields.cover'),
      render: (_, course) => <CourseCover url={course.coverUrl} name={course.name} size="thumb" />,
    },
    { key: 'name', dataIndex: 'name', title: t('courses.manage.fields.name') },
    {
      key: 'tags',
      title: `${t('courses.manage.fields.difficulty')} / ${t('courses.manage.fields.specialty')}`,
      render: (_, course) => (
        <CourseTags difficulty={course.difficulty} specialty={course.specialty} />
      ),
    },
    {
      key: 'owner',
      title: t('courses.manage.fields.owner'),
      render: (_, course) => <OwnerTag course={course} />,
    },
    {
      key: 'author',
      dataIndex: 'authorName',
      title: t('courses.manage.fields.author'),
      render: (name: string | null) => name ?? t('courses.manage.hints.none'),
    },
    {
      key: 'size',
      title: `${t('courses.manage.fields.chapters')} / ${t('courses.manage.fields.steps')}`,
      render: (_, course) => `${course.chapterCount} / ${course.stepCount}`,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('courses.manage.fields.updatedAt'),
      render: (iso: string) => formatTime(iso),
    },
    actionsColumn<CourseSummary>(t('courses.manage.fields.actions'), actions),
  ];
}

/** A delete that asks first with `title`, runs `run` and says `done` when it is. */
export function DeleteAction({
  title,
  run,
  done,
}: {
  title: string;
  run: () => Promise<unknown>;
  done: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      title={title}
      okText={t('courses.manage.actions.delete')}
      cancelText={t('courses.manage.actions.cancel')}
      onConfirm={() => run().then(() => toast.success(done))}
    >
      {t('courses.manage.actions.delete')}
    </ConfirmAction>
  );
}

/** A course page opened without its `?id=`: says so and leads back to the list. */
export function MissingCourse({ title }: { title: string }) {
  const { t } = useTranslation();
  const paths = useCoursePaths();
  return (
    <MissingId
      title={title}
      text={t('courses.manage.hints.missingId')}
      backText={t('courses.manage.actions.back')}
      onBack={paths.toList}
    />
  );
}
