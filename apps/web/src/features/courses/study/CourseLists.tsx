import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import {
  courseDifficulties,
  courseLimits,
  courseSpecialties,
  type StudentCourseCard,
} from '@platform/contract';
import { EmptyState, LoadFailed, LoadingState } from '../../../shared/ui/PageStates';
import { LightPager, LightSearch, LightSelect } from '../../../shared/ui/LightControls';
import {
  courseInfoQueryOptions,
  courseListQueryOptions,
  useContentLang,
  type CourseList as ListName,
} from './api';
import { CourseCard } from './CourseCard';
import { useKeptScroll, useListState } from './listState';
import { firstUnfinishedStep, useCourseNavigate } from './navigation';
import './courses-study.css';

const pageSize = 12;

/** My study's button: straight to the first step not done yet. */
function ContinueButton({ course }: { course: StudentCourseCard }) {
  const { t } = useTranslation();
  const lang = useContentLang();
  const client = useQueryClient();
  const open = useCourseNavigate();
  const go = useMutation({
    mutationFn: () => client.fetchQuery(courseInfoQueryOptions(course.id, lang)),
    onSuccess: (info) => {
      const step = firstUnfinishedStep(info);
      if (step) open('study', step);
      else open('info', course.id);
    },
  });
  return (
    <Button type="primary" block loading={go.isPending} onClick={() => go.mutate()}>
      {t('courses.study.actions.continue')}
    </Button>
  );
}

interface CourseListProps {
  list: ListName;
  /** Coming back shows the list as it was left: filters, page and scroll position. */
  kept?: boolean;
  /** A continue button on each card (my study). */
  continuable?: boolean;
}

/** Course cards of one of the student's lists, filtered and paged by the server. */
function CourseList({ list, kept = false, continuable = false }: CourseListProps) {
  const { t } = useTranslation();
  const lang = useContentLang();
  const open = useCourseNavigate();
  const { state, update, key, inAddress } = useListState(list, kept);
  const page = useQuery({
    ...courseListQueryOptions(list, { ...state, pageSize }, lang),
    placeholderData: keepPreviousData,
  });
  useKeptScroll(key, kept && inAddress && Boolean(page.data) && !page.isPlaceholderData);

  let body;
  if (page.isPending) body = <LoadingState />;
  else if (page.isError)
    body = <LoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  else if (page.data.records.length === 0)
    body = (
      <div className="cs-empty">
        <EmptyState description={t(`courses.study.empty.${list}`)} />
        {list === 'myStudy' && (
          <Button type="primary" onClick={() => open('hall')}>
            {t('courses.study.actions.toHall')}
          </Button>
        )}
      </div>
    );
  else
    body = (
      <div className="cs-grid">
        {page.data.records.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            action={continuable ? <ContinueButton course={course} /> : undefined}
          />
        ))}
      </div>
    );

  return (
    <section className="cs-panel">
      <h2 className="cs-panel__title">{t(`courses.study.titles.${list}`)}</h2>
      <div className="cs-filters">
        <LightSearch
          placeholder={t('courses.study.filters.name')}
          maxLength={courseLimits.nameMax}
          width={220}
          defaultValue={state.name}
          onSearch={(name) => update({ name })}
        />
        <LightSelect
          placeholder={t('courses.study.filters.difficulty')}
          width={150}
          value={state.difficulty}
          onChange={(difficulty) => update({ difficulty })}
          options={courseDifficulties.map((value) => ({
            value,
            label: t(`courses.study.difficulties.${value}`),
          }))}
        />
        <LightSelect
          placeholder={t('courses.study.filters.specialty')}
          width={170}
          value={state.specialty}
          onChange={(specialty) => update({ specialty })}
          options={courseSpecialties.map((value) => ({
            value,
            label: t(`courses.study.specialties.${value}`),
          }))}
        />
      </div>
      {body}
      {page.data && page.data.total > 0 && (
        <LightPager
          current={state.pageNum}
          pageSize={pageSize}
          total={page.data.total}
          totalText={t('courses.study.card.total', { total: page.data.total })}
          onChange={(pageNum) => update({ ...state, pageNum })}
        />
      )}
    </section>
  );
}

/** The course hall: the courses open to the student, kept as left when coming back. */
export function CourseHall() {
  return <CourseList list="hall" kept />;
}

/** My study: the courses begun, the latest first, each with a continue button. */
export function MyStudy() {
  return <CourseList list="myStudy" continuable />;
}

/** Self-study: the courses open for study outside any task. */
export function SelfCulture() {
  return <CourseList list="selfCulture" />;
}
