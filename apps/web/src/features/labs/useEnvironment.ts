import { useCallback } from 'react';
import { useParams } from 'react-router';
import { defaultSchoolUrl } from '@platform/contract';
import { areaPath } from '../../shared/permissions/menuRoutes';

/** The environment screens, under the school's area (`/sch_edu/environment/...`). */
export const envPages = {
  index: 'environment/index',
  detail: 'environment/detail',
  experiment: 'environment/experiment',
  terminal: 'environment/terminal',
  workspace: 'environment/workspace',
  manual: 'environment/manual',
} as const;
export type EnvPage = keyof typeof envPages;

/** Builds the address of an environment screen in the current school's area. */
export function useEnvPath(): (page: EnvPage, id?: string) => string {
  const { schUrl } = useParams();
  return useCallback(
    (page: EnvPage, id?: string) =>
      `${areaPath(schUrl || defaultSchoolUrl, envPages[page])}${id ? `?id=${encodeURIComponent(id)}` : ''}`,
    [schUrl],
  );
}
