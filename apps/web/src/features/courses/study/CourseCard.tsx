import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StudentCourseCard } from '@platform/contract';
import { formatInstant } from '../../../shared/dates';
import { useCourseHref } from './navigation';

/*
 * Plain markup, no antd card, typography, tag or progress: the course hall is a first page of the
 * students' area and its JavaScript is kept small (issue 11's budget).
 */

/** The course's difficulty and specialty as tags. */
export function CourseTags({
  course,
}: {
  course: Pick<StudentCourseCard, 'difficulty' | 'specialty'>;
}) {
  const { t } = useTranslation();
  return (
    <span className="cs-tags">
      <span className={`cs-tag cs-tag--${course.difficulty}`}>
        {t(`courses.study.difficulties.${course.difficulty}`)}
      </span>
      <span className="cs-tag cs-tag--specialty">
        {t(`courses.study.specialties.${course.specialty}`)}
      </span>
    </span>
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

/** A thin bar of the part done, with its percentage. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="cs-bar">
      <div
        className="cs-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="cs-bar__done" style={{ width: `${percent}%` }} />
      </div>
      <span className="cs-bar__percent">{percent}%</span>
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
  const begun = progress && progress.done > 0;
  return (
    <article className="cs-card">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <CourseCover url={course.coverUrl} name={course.name} />
      </Link>
      <div className="cs-card__body">
        <h3 className="cs-card__name" title={course.name}>
          <Link to={href}>{course.name}</Link>
        </h3>
        <CourseTags course={course} />
        <p className="cs-card__overview">{course.overview}</p>
        <span className="cs-muted">
          {t('courses.study.card.counts', {
            chapters: course.chapterCount,
            steps: course.stepCount,
          })}
        </span>
        <div className="cs-card__progress">
          {begun ? (
            <>
              <ProgressBar
                percent={progress.percent}
                label={t('courses.study.card.progress', {
                  done: progress.done,
                  total: progress.total,
                })}
              />
              <span className="cs-muted">
                {t('courses.study.card.progress', { done: progress.done, total: progress.total })}
              </span>
              {progress.lastStudiedAt && (
                <span className="cs-muted">
                  {t('courses.study.card.lastStudied', {
                    time: formatInstant(progress.lastStudiedAt),
                  })}
                </span>
              )}
            </>
          ) : (
            <span className="cs-muted">{t('courses.study.card.notStarted')}</span>
          )}
        </div>
        {action}
      </div>
    </article>
  );
}
