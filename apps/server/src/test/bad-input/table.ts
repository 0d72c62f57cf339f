import { authBadInput } from '../../features/auth/auth.bad-input';
import { usersBadInput } from '../../features/users/users.bad-input';
import { menusBadInput } from '../../features/menus/menus.bad-input';
import { schoolsBadInput } from '../../features/schools/schools.bad-input';
import { whitelistBadInput } from '../../features/whitelist/whitelist.bad-input';
import { siteConfigBadInput } from '../../features/site-config/site-config.bad-input';
import { announcementsBadInput } from '../../features/announcements/announcements.bad-input';
import { footerBadInput } from '../../features/footer/footer.bad-input';
import { labsBadInput } from '../../features/labs/labs.bad-input';
import { billingBadInput } from '../../features/billing/billing.bad-input';
import { collegesBadInput } from '../../features/colleges/colleges.bad-input';
import { regionsBadInput } from '../../features/regions/regions.bad-input';
import { customersBadInput } from '../../features/customers/customers.bad-input';
import { trialsBadInput } from '../../features/trials/trials.bad-input';
import { smsBadInput } from '../../features/sms/sms.bad-input';
import { cmsBadInput } from '../../features/cms/cms.bad-input';
import { coursesBadInput } from '../../features/courses/courses.bad-input';
import { orgBadInput } from '../../features/org/org.bad-input';
import { classesBadInput } from '../../features/classes/classes.bad-input';
import { teachersBadInput } from '../../features/teachers/teachers.bad-input';
import { studentsBadInput } from '../../features/students/students.bad-input';
import { importsBadInput } from '../../features/imports/imports.bad-input';
import { rolesBadInput } from '../../features/roles/roles.bad-input';
import { environmentsBadInput } from '../../features/environments/environments.bad-input';
import { teachingBadInput } from '../../features/teaching/teaching.bad-input';
import { noticesBadInput } from '../../features/notices/notices.bad-input';
import { anonymous, docs, labOrigin, type BadInputEntries } from './entries';

export type { LabOriginEntry } from './entries';

/** One entry per registered route (`METHOD path`): the app's own, and every feature's next to its routes. */
export const table: BadInputEntries = {
  'GET /api/docs': docs,
  'GET /api/docs/static/index.html': docs,
  'GET /api/docs/static/swagger-initializer.js': docs,
  'GET /api/docs/json': docs,
  'GET /api/docs/yaml': docs,
  'GET /api/docs/static/*': docs,
  'GET /api/health': anonymous('liveness'),
  'GET /__lab/ticket': labOrigin('trades a ticket for a lab cookie on the lab’s own host'),
  'GET /__lab/info': labOrigin('the lab page’s own information, on the lab’s host'),
  'GET /__lab/ws': labOrigin(
    'a WebSocket: without a lab session the upgrade is closed with 4403 (labs.gateway.test.ts); plain requests are walked',
  ),
  'GET /*': labOrigin('the lab’s own pages and proxied service'),
  'POST /*': labOrigin('the lab’s proxied service'),
  'PUT /*': labOrigin('the lab’s proxied service'),
  'PATCH /*': labOrigin('the lab’s proxied service'),
  'DELETE /*': labOrigin('the lab’s proxied service'),
  ...authBadInput,
  ...usersBadInput,
  ...menusBadInput,
  ...schoolsBadInput,
  ...whitelistBadInput,
  ...siteConfigBadInput,
  ...announcementsBadInput,
  ...footerBadInput,
  ...labsBadInput,
  ...billingBadInput,
  ...collegesBadInput,
  ...regionsBadInput,
  ...customersBadInput,
  ...trialsBadInput,
  ...smsBadInput,
  ...cmsBadInput,
  ...coursesBadInput,
  ...orgBadInput,
  ...classesBadInput,
  ...teachersBadInput,
  ...studentsBadInput,
  ...importsBadInput,
  ...rolesBadInput,
  ...environmentsBadInput,
  ...teachingBadInput,
  ...noticesBadInput,
};
