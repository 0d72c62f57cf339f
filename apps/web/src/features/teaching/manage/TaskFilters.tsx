import { useTranslation } from 'react-i18next';
import { taskKinds, taskStatuses, type TaskKind, type TaskStatus } from '@platform/contract';
import { teachingLimits } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../../shared/ui/Filters';
import type { FilterBarProps } from '../../../shared/usePaging';
import { ClassSelect } from '../../students/ClassSelect';
import type { TaskFilter } from './api';
import { CourseSelect } from './selects';

/** Deleted tasks are not listed, so they are not a filter. */
const listedStatuses = taskStatuses.filter((s) => s !== 'deleted');

/** The filters of the task list: name, status, kind, course and class. */
export function TaskFilters({ value, set }: FilterBarProps<TaskFilter>) {
  const { t } = useTranslation();
  return (
    <FilterBar>
      <SearchFilter
        placeholder={t('teaching.manage.placeholders.name')}
        maxLength={teachingLimits.nameMax}
        width={200}
        onSearch={(name) => set('name', name)}
      />
      <SelectFilter<TaskStatus>
        placeholder={t('teaching.manage.placeholders.allStatuses')}
        width={140}
        value={value.status}
        options={listedStatuses.map((status) => ({
          value: status,
          label: t(`teaching.manage.status.${status}`),
        }))}
        onChange={(status) => set('status', status)}
      />
      <SelectFilter<TaskKind>
        placeholder={t('teaching.manage.placeholders.allKinds')}
        width={120}
        value={value.kind}
        options={taskKinds.map((kind) => ({
          value: kind,
          label: t(`teaching.manage.kind.${kind}`),
        }))}
        onChange={(kind) => set('kind', kind)}
      />
      <CourseSelect
        aria-label={t('teaching.manage.placeholders.allCourses')}
        placeholder={t('teaching.manage.placeholders.allCourses')}
        allowClear
        style={{ width: 200 }}
        value={value.courseId}
        onChange={(courseId) => set('courseId', courseId)}
      />
      <ClassSelect
        withArchived
        aria-label={t('teaching.manage.placeholders.allClasses')}
        placeholder={t('teaching.manage.placeholders.allClasses')}
        allowClear
        style={{ width: 180 }}
        value={value.classId}
        onChange={(classId) => set('classId', classId)}
      />
    </FilterBar>
  );
}
