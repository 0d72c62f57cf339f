import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Progress, Space, Tag, Typography } from 'antd';
import type { CourseDifficulty, StudentCourseCard } from '@platform/contract';
import { formatInstant } from '../../shared/dates';
import { useCourseHref } from './navigation';

export const difficultyColors: Record<CourseDifficulty, string> = {
  entry: 'green',
  easy: 'cyan',
  harder: 'orange',
  high: 'red',
};

/** The course's difficulty and specialty as tags. */
export function CourseTags({
  course,
}: {
  course: Pick<StudentCourseCard, 'difficulty' | 'specialty'>;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap size={4}>
      <Tag color={difficultyColors[course.difficulty]}>
        {t(`coursesStudy.difficulties.${course.difficulty}`)}
      </Tag>
      <Tag color="blue">{t(`coursesStudy.specialties.${course.specialty}`)}</Tag>
    </Space>
  );
}

/** A course's cover, or its initial on a plain ground when it has none. */
export function CourseCover({ url, name }: { url: string | null; name: string }) {
  return url ? (
    <img className="cs-cover" src={url} alt="" loading="lazy" decoding="async" />
  ) : (
    <div className="cs-cover cs-cover--blank" aria-hidden="true">
      {name.trim().charAt(0)}
    </div>
  );
}

/**
 * A course card of the course hall, self-study and my study: cover, name, overview, difficulty,
 * specialty, chapters and steps, and the student's progress. Name and cover open the course.
 */
export function CourseCard({ course, action }: { course: StudentCourseCard; action?: ReactNode }) {
  const { t } = useTranslation();
  const href = useCourseHref()('info', course.id);
  const { progress } = course;
  return (
    <Card
      className="cs-card"
      cover={
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <CourseCover url={course.coverUrl} name={course.name} />
        </Link>
      }
    >
      <Typography.Title level={5} className="cs-card__name" ellipsis={{ tooltip: course.name }}>
        <Link to={href}>{course.name}</Link>
      </Typography.Title>
      <CourseTags course={course} />
      <Typography.Paragraph type="secondary" className="cs-card__overview" ellipsis={{ rows: 2 }}>
        {course.overview}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className="cs-card__counts">
        {t('coursesStudy.card.counts', {
          chapters: course.chapterCount,
          steps: course.stepCount,
        })}
      </Typography.Text>
      {progress && progress.done > 0 ? (
        <div className="cs-card__progress">
          <Progress percent={progress.percent} size="small" />
          <Typography.Text type="secondary">
            {t('coursesStudy.card.progress', { done: progress.done, total: progress.total })}
          </Typography.Text>
          {progress.lastStudiedAt && (
            <Typography.Text type="secondary">
              {t('coursesStudy.card.lastStudied', { time: formatInstant(progress.lastStudiedAt) })}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Typography.Text type="secondary" className="cs-card__progress">
          {t('coursesStudy.card.notStarted')}
        </Typography.Text>
      )}
      {action && <div className="cs-card__action">{action}</div>}
    </Card>
  );
}
