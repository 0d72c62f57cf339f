import { useTranslation } from 'react-i18next';
import type { CourseDifficulty, CourseSpecialty } from '@platform/contract';
import { FilterBar, SearchFilter, SelectFilter } from '../../../shared/ui/Filters';
import type { FilterBarProps } from '../../../shared/usePaging';
import type { CourseFilter } from './api';
import { useCourseOptions } from './formParts';

const owners = ['school', 'platform'] as const;
type Owner = (typeof owners)[number];

/** The filters of a course list: name, difficulty, specialty and where the course comes from. */
export function CourseFilters({ value, set }: FilterBarProps<CourseFilter>) {
  const { t } = useTranslation();
  const { difficulties, specialties } = useCourseOptions();
  return (
    <FilterBar>
      <SearchFilter
        placeholder={t('courses.manage.placeholders.name')}
        maxLength={25}
        width={200}
        onSearch={(name) => set('name', name)}
      />
      <SelectFilter<CourseDifficulty>
        placeholder={t('courses.manage.placeholders.allDifficulties')}
        width={140}
        value={value.difficulty}
        options={difficulties}
        onChange={(difficulty) => set('difficulty', difficulty)}
      />
      <SelectFilter<CourseSpecialty>
        placeholder={t('courses.manage.placeholders.allSpecialties')}
        width={160}
        value={value.specialty}
        options={specialties}
        onChange={(specialty) => set('specialty', specialty)}
      />
      <SelectFilter<Owner>
        placeholder={t('courses.manage.placeholders.allOwners')}
        width={140}
        value={value.owner === 'all' ? undefined : value.owner}
        options={owners.map((owner) => ({
          value: owner,
          label: t(`courses.manage.owner.${owner}`),
        }))}
        onChange={(owner) => set('owner', owner)}
      />
    </FilterBar>
  );
}
