import { useTranslation } from 'react-i18next';
import { taskKinds, taskStatuses, type TaskKind, type TaskStatus } from '@platform/contract';
import { teachingLimits } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../shared/ui/Filters';
import type { FilterBarProps } from '../../shared/usePaging';
import { ClassSelect } from '../students/ClassSelect';
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
        placeholder={t('teachingManage.placeholders.name')}
        maxLength={teachingLimits.nameMax}
        width={200}
        onSearch={(name) => set('name', name)}
      />
      <SelectFilter<TaskStatus>
        placeholder={t('teachingManage.placeholders.allStatuses')}
        width={140}
        value={value.status}
        options={listedStatuses.map((status) => ({
          value: status,
          label: t(`teachingManage.status.${status}`),
        }))}
        onChange={(status) => set('status', status)}
      />
      <SelectFilter<TaskKind>
        placeholder={t('teachingManage.placeholders.allKinds')}
        width={120}
        value={value.kind}
        options={taskKinds.map((kind) => ({
          value: kind,
          label: t(`teachingManage.kind.${kind}`),
        }))}
        onChange={(kind) => set('kind', kind)}
      />
      <CourseSelect
        aria-label={t('teachingManage.placeholders.allCourses')}
        placeholder={t('teachingManage.placeholders.allCourses')}
        allowClear
        style={{ width: 200 }}
        value={value.courseId}
        onChange={(courseId) => set('courseId', courseId)}
      />
      <ClassSelect
        withArchived
        aria-label={t('teachingManage.placeholders.allClasses')}
        placeholder={t('teachingManage.placeholders.allClasses')}
        allowClear
        style={{ width: 180 }}
        value={value.classId}
        onChange={(classId) => set('classId', classId)}
      />
    </FilterBar>
  );
}
