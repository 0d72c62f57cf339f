import { authTenancy } from '../features/auth/auth.tenancy';
import { usersTenancy } from '../features/users/users.tenancy';
import { menusTenancy } from '../features/menus/menus.tenancy';
import { schoolsTenancy } from '../features/schools/schools.tenancy';
import { whitelistTenancy } from '../features/whitelist/whitelist.tenancy';
import { siteConfigTenancy } from '../features/site-config/site-config.tenancy';
import { announcementsTenancy } from '../features/announcements/announcements.tenancy';
import { footerTenancy } from '../features/footer/footer.tenancy';
import { labsTenancy } from '../features/labs/labs.tenancy';
import { billingTenancy } from '../features/billing/billing.tenancy';
import { environmentsTenancy } from '../features/environments/environments.tenancy';
import { regionsTenancy } from '../features/regions/regions.tenancy';
import { rolesTenancy } from '../features/roles/roles.tenancy';
import { collegesTenancy } from '../features/colleges/colleges.tenancy';
import { customersTenancy } from '../features/customers/customers.tenancy';
import { trialsTenancy } from '../features/trials/trials.tenancy';
import { smsTenancy } from '../features/sms/sms.tenancy';
import { cmsTenancy } from '../features/cms/cms.tenancy';
import { coursesTenancy } from '../features/courses/courses.tenancy';
import { orgTenancy } from '../features/org/org.tenancy';
import { classesTenancy } from '../features/classes/classes.tenancy';
import { teachersTenancy } from '../features/teachers/teachers.tenancy';
import { studentsTenancy } from '../features/students/students.tenancy';
import { importsTenancy } from '../features/imports/imports.tenancy';
import { teachingTenancy } from '../features/teaching/teaching.tenancy';
import { noticesTenancy } from '../features/notices/notices.tenancy';
import { open, type TenancyEntries } from './tenancy';

/** The tenant walk's table: the app's own routes, and every feature's entries next to its routes. */
export const tenancyTable: TenancyEntries = {
  'GET /api/health': open('liveness, no data'),
  'GET /api/docs/static/index.html': open('API documentation'),
  'GET /api/docs/static/swagger-initializer.js': open('API documentation'),
  'GET /api/docs/json': open('API documentation'),
  'GET /api/docs/yaml': open('API documentation'),
  'GET /api/docs/static/*': open('API documentation'),
  'GET /api/docs': open('API documentation'),
  ...authTenancy,
  ...usersTenancy,
  ...menusTenancy,
  ...schoolsTenancy,
  ...whitelistTenancy,
  ...siteConfigTenancy,
  ...announcementsTenancy,
  ...footerTenancy,
  ...labsTenancy,
  ...billingTenancy,
  ...environmentsTenancy,
  ...regionsTenancy,
  ...rolesTenancy,
  ...collegesTenancy,
  ...customersTenancy,
  ...trialsTenancy,
  ...smsTenancy,
  ...cmsTenancy,
  ...coursesTenancy,
  ...orgTenancy,
  ...classesTenancy,
  ...teachersTenancy,
  ...studentsTenancy,
  ...importsTenancy,
  ...teachingTenancy,
  ...noticesTenancy,
};
