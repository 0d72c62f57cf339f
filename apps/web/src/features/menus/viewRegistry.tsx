import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ViewUnavailable } from '../errors/ViewUnavailable';

/**
 * Menu views by name. A leaf's view name comes from its url (`path:X,component:Y`), else its
 * customFields `component`, else its path (see menuRoutes.ts). Unknown names get a friendly
 * "not available yet" screen.
 */
const views: Record<string, LazyExoticComponent<ComponentType>> = {
  workbench: lazy(() => import('../landing/Landing').then((m) => ({ default: m.Landing }))),
  'personal/info': lazy(() =>
    import('../personal/PersonalInfo').then((m) => ({ default: m.PersonalInfo })),
  ),
  PersonalPassword: lazy(() =>
    import('../personal/PersonalPassword').then((m) => ({ default: m.PersonalPassword })),
  ),
  EnvConfigList: lazy(() =>
    import('../environment-admin/EnvConfigList').then((m) => ({ default: m.EnvConfigList })),
  ),
  MyEnvList: lazy(() =>
    import('../environment-admin/EnvConfigList').then((m) => ({ default: m.MyEnvList })),
  ),
  EnvConfigDetail: lazy(() =>
    import('../environment-admin/EnvConfigDetail').then((m) => ({ default: m.EnvConfigDetail })),
  ),
  EnvScriptList: lazy(() =>
    import('../environment-admin/EnvScriptList').then((m) => ({ default: m.EnvScriptList })),
  ),
  AiEnvConfig: lazy(() =>
    import('../environment-admin/AiEnvConfig').then((m) => ({ default: m.AiEnvConfig })),
  ),
  EnvIndex: lazy(() => import('../environment/EnvIndex').then((m) => ({ default: m.EnvIndex }))),
  EnvDetail: lazy(() => import('../environment/EnvDetail').then((m) => ({ default: m.EnvDetail }))),
  EnvExperiment: lazy(() =>
    import('../environment/EnvExperiment').then((m) => ({ default: m.EnvExperiment })),
  ),
  EnvTerminal: lazy(() =>
    import('../environment/EnvTerminal').then((m) => ({ default: m.EnvTerminal })),
  ),
  EnvWorkspace: lazy(() =>
    import('../environment/EnvWorkspace').then((m) => ({ default: m.EnvWorkspace })),
  ),
  EnvManual: lazy(() => import('../environment/EnvManual').then((m) => ({ default: m.EnvManual }))),
  CollegeList: lazy(() =>
    import('../colleges/CollegeList').then((m) => ({ default: m.CollegeList })),
  ),
  CustomerList: lazy(() =>
    import('../customers/CustomerList').then((m) => ({ default: m.CustomerList })),
  ),
  ServiceManagement: lazy(() =>
    import('../customers/ServiceManagement').then((m) => ({ default: m.ServiceManagement })),
  ),
  TimeHistory: lazy(() =>
    import('../customers/TimeHistory').then((m) => ({ default: m.TimeHistory })),
  ),
  SchoolProfile: lazy(() =>
    import('../school/SchoolProfile').then((m) => ({ default: m.SchoolProfile })),
  ),
  OrgManagement: lazy(() =>
    import('../school/OrgManagement').then((m) => ({ default: m.OrgManagement })),
  ),
  ClassManagement: lazy(() =>
    import('../school/ClassManagement').then((m) => ({ default: m.ClassManagement })),
  ),
  TeacherManagement: lazy(() =>
    import('../teachers/TeacherManagement').then((m) => ({ default: m.TeacherManagement })),
  ),
  StudentManagement: lazy(() =>
    import('../students/StudentManagement').then((m) => ({ default: m.StudentManagement })),
  ),
  StudentEdit: lazy(() =>
    import('../students/StudentEdit').then((m) => ({ default: m.StudentEdit })),
  ),
  StudentDetail: lazy(() =>
    import('../students/StudentDetail').then((m) => ({ default: m.StudentDetail })),
  ),
  StudentNewAccount: lazy(() =>
    import('../students/StudentNewAccount').then((m) => ({ default: m.StudentNewAccount })),
  ),
  MenuManagement: lazy(() =>
    import('../system/MenuManagement').then((m) => ({ default: m.MenuManagement })),
  ),
  RoleManagement: lazy(() =>
    import('../system/RoleManagement').then((m) => ({ default: m.RoleManagement })),
  ),
};

export function hasView(name: string | null): boolean {
  return Boolean(name && Object.prototype.hasOwnProperty.call(views, name.replace(/^\/+/, '')));
}

export function viewFor(name: string | null): ComponentType {
  const key = name?.replace(/^\/+/, '') ?? '';
  return (hasView(key) ? views[key] : undefined) ?? ViewUnavailable;
}
