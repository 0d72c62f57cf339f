/** The product's API paths (spec §7). Server and web both take paths from here. */
export const apiRoutes = {
  oauthToken: '/api-uaa/oauth/token',
  oauthLogout: '/api-uaa/oauth/logout',
  currentUser: '/api-user/users/current',
  changePassword: '/api-user/users/password',
  menusAll: '/api-user/menus/all/:appid',
  loginLog: '/api-user/api/user/save/login/log',
  clientConfigList: '/openapi/api-user/client/config/list',
  collegeDetail: '/api-teaching/college/detail/:id',
  whitelistCheck: '/api-teaching/student/tasks/do/heartbeat/is/whitelist',
  announcement: '/openapi/api-operation/system/announcement',
  health: '/api/health',
  // Environment configuration (experiment service)
  envPage: '/api-experiment/env/page/list',
  envAdd: '/api-experiment/env/add',
  envRemove: '/api-experiment/env/remove/:id',
  envConfig: '/api-experiment/env/config',
  envGet: '/api-experiment/env/get/:id',
  envList: '/api-experiment/env/list',
  envCopy: '/api-experiment/env/copy/:id',
  envUpdate: '/api-experiment/env/update',
  envLabels: '/api-experiment/env/labels',
  scriptList: '/api-experiment/script/list',
  scriptByLabel: '/api-experiment/script/label/:label',
  scriptSave: '/api-experiment/script/save',
  scriptRemove: '/api-experiment/script/remove/:id',
  centerPage: '/api-experiment/center/page',
  centerDetail: '/api-experiment/center/detail/:id',
  // Lab runtime (experiment service)
  containersStart: '/api-experiment/containers/start',
  containersStop: '/api-experiment/containers/stop',
  containerCheckState: '/api-experiment/container/check/state/:id',
  containerDetail: '/api-experiment/container/detail/:id',
  containersHeartbeat: '/api-experiment/containers/heartbeat',
  containerGetTime: '/api-experiment/container/getTime',
  containerReset: '/api-experiment/container/reset',
  containersResetAi: '/api-experiment/containers/reset/ai',
  envTbReset: '/api-experiment/experiment/env/tb/reset',
  containerTicket: '/api-experiment/container/ticket/:id',
  diskAlarm: '/api-experiment/disk/alarm/get',
  listFiles: '/api-experiment/container/listFiles',
  uploadFile: '/api-experiment/container/uploadFile',
  downloadFile: '/api-experiment/container/downloadFile',
  // Jupyter resource requests (case service) and usage (operation service)
  jupyterInfoSave: '/api-case/jupyter/exp/info/save',
  jupyterInfoQuery: '/api-case/jupyter/exp/info/query',
  envUsage: '/api-operation/env/usage/:id',
  labHost: '/api-experiment/lab/host',
  // Schools (colleges), operated by platform staff (user service)
  collegesPage: '/api-user/colleges/page',
  collegesGet: '/api-user/colleges/get',
  collegesSave: '/api-user/colleges/saveOrUpdate',
  collegesDelete: '/api-user/colleges/delete',
  collegesEnable: '/api-user/colleges/enable',
  collegesAdmins: '/api-user/colleges/admins',
  collegesOptions: '/api-user/colleges/options',
  collegesImport: '/nledu-cloud-sso-upms/school/importSchools',
  collegesImportTemplate: '/nledu-cloud-sso-upms/school/importSchools/template',
  collegesUpdateTotalUser: '/nledu-cloud-sso-upms/school/updateTotalUser',
  regionChildren: '/api-user/data/dict/childByPid/:pid',
  usersSave: '/api-user/users/saveOrUpdate',
  // Customers and their service time (operation service)
  customersPage: '/api-operation/customer/page',
  customersGet: '/api-operation/customer/get/:id',
  customersSave: '/api-operation/customer/saveOrUpdate',
  customersDelete: '/api-operation/customer/delete/:id',
  customersAddTime: '/api-operation/customer/time/add',
  customersTimeHistory: '/api-operation/customer/time/history',
  // Menu tree and roles, edited by platform staff
  menusAdminTree: '/api-user/menus/admin/tree/:appid',
  menusSave: '/api-user/menus/saveOrUpdate',
  menusDelete: '/api-user/menus/delete/:id',
  menusPermissions: '/api-user/menus/permissions/:appid',
  rolesList: '/api-user/roles/list',
  roleMenus: '/api-user/roles/menus/:id',
  roleGrant: '/api-user/roles/grant',
  // A school's own profile and organization (school administrators)
  schoolProfile: '/api-user/school/profile',
  schoolProfileUpdate: '/api-user/school/profile/update',
  orgTree: '/api-user/org/tree',
  departmentsSave: '/api-user/org/department/saveOrUpdate',
  departmentsDelete: '/api-user/org/department/delete/:id',
  majorsList: '/api-user/org/major/list',
  majorsSave: '/api-user/org/major/saveOrUpdate',
  majorsDelete: '/api-user/org/major/delete/:id',
  classesPage: '/api-user/classes/page',
  classesList: '/api-user/classes/list',
  classesGet: '/api-user/classes/get/:id',
  classesSave: '/api-user/classes/saveOrUpdate',
  classesDelete: '/api-user/classes/delete/:id',
  classesArchive: '/api-user/classes/archive/:id',
  // Teachers and students of a school
  teachersPage: '/api-user/teachers/page',
  teachersGet: '/api-user/teachers/get/:id',
  teachersSave: '/api-user/teachers/saveOrUpdate',
  teachersEnable: '/api-user/teachers/enable',
  teachersDelete: '/api-user/teachers/delete/:id',
  studentsPage: '/api-user/students/page',
  studentsGet: '/api-user/students/get/:id',
  studentsSave: '/api-user/students/saveOrUpdate',
  studentsEnable: '/api-user/students/enable',
  studentsResetPassword: '/api-user/students/resetPassword',
  studentsBatchCreate: '/api-user/students/batchCreate',
  studentsExport: '/api-user/students/export',
  studentsImport: '/api-user/students/import',
  studentsImportTemplate: '/api-user/students/import/template',
  importJob: '/api-user/import/job/:id',
  importJobErrors: '/api-user/import/job/:id/errors',
} as const;

/** Fill `:name` segments of a route path. */
export function pathOf(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Paths served on a lab's own origin by the gateway. */
export const labGatewayPaths = {
  /** `?t=<ticket>&next=<path>`: trades a ticket for the lab's cookie, then redirects to `next`. */
  ticket: '/__lab/ticket',
  /** JSON `LabPageInfo` for the lab's own pages. */
  info: '/__lab/info',
  /** The terminal or simulation-panel WebSocket. */
  socket: '/__lab/ws',
} as const;

/** WebSocket close codes of the lab gateway; after these a page must not reconnect. */
export const labCloseCodes = {
  forbidden: 4403,
  gone: 4404,
} as const;
