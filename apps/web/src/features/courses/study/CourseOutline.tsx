import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { StudentCourseInfo } from '@platform/contract';
import { useCourseHref } from './navigation';

interface CourseOutlineProps {
  chapters: StudentCourseInfo['chapters'];
  /** The step being studied, marked in the outline. */
  currentStepId?: string;
  /** Called when a step is opened (the drawer that holds the outline closes). */
  onOpen?: () => void;
  /** Where a step opens: its course study page unless given (a task's step). */
  stepHref?: (stepId: string) => string;
  /** The outline's accessible name: the course outline's unless given. */
  label?: string;
}

/** Chapters and their steps in order, each step with its type, done mark and score. */
export function CourseOutline({
  chapters,
  currentStepId,
  onOpen,
  stepHref,
  label,
}: CourseOutlineProps) {
  const { t } = useTranslation();
  const courseHref = useCourseHref();
  const href = stepHref ?? ((id: string) => courseHref('study', id));
  return (
    <nav className="cs-outline" aria-label={label ?? t('courses.study.info.outline')}>
      {chapters.map((chapter) => (
        <section key={chapter.id} className="cs-outline__chapter">
          <h4 className="cs-outline__chapter-name">{chapter.name}</h4>
          {chapter.description && <p className="cs-outline__description">{chapter.description}</p>}
          <ol className="cs-outline__steps">
            {chapter.steps.map((step) => {
              const current = step.id === currentStepId;
              return (
                <li key={step.id}>
                  <Link
                    to={href(step.id)}
                    className={`cs-outline__step${current ? ' cs-outline__step--current' : ''}`}
                    aria-current={current ? 'step' : undefined}
                    onClick={onOpen}
                  >
                    <span className="cs-outline__mark">
                      {step.completed ? (
                        <CheckCircleFilled
                          className="cs-outline__done"
                          aria-label={t('courses.study.outline.completed')}
                        />
                      ) : (
                        <span className="cs-outline__todo" />
                      )}
                    </span>
                    <span className="cs-outline__name">{step.name}</span>
                    <span className="cs-outline__tags">
                      {step.score !== null && (
                        <Tag color="gold">
                          {t('courses.study.outline.score', { score: step.score })}
                        </Tag>
                      )}
                      <Tag>{t(`courses.study.stepTypes.${step.type}`)}</Tag>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}
