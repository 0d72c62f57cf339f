import type { FastifyInstance } from 'fastify';
import { announcementsRoutes } from './announcements/announcements.routes';
import { authRoutes } from './auth/auth.routes';
import { setUpBilling } from './billing/billing.setup';
import { cmsRoutes } from './cms/cms.routes';
import { classesRoutes } from './classes/classes.routes';
import { collegesRoutes } from './colleges/colleges.routes';
import { coursesRoutes } from './courses/courses.routes';
import { customersRoutes } from './customers/customers.routes';
import { footerRoutes } from './footer/footer.routes';
import { environmentsRoutes } from './environments/environments.routes';
import { importsRoutes } from './imports/imports.routes';
import { setUpLabs } from './labs/labs.setup';
import { menusRoutes } from './menus/menus.routes';
import { noticesRoutes } from './notices/notices.routes';
import { orgRoutes } from './org/org.routes';
import { regionsRoutes } from './regions/regions.routes';
import { rolesRoutes } from './roles/roles.routes';
import { schoolsRoutes } from './schools/schools.routes';
import { siteConfigRoutes } from './site-config/site-config.routes';
import { smsRoutes } from './sms/sms.routes';
import { studentsRoutes } from './students/students.routes';
import { teachersRoutes } from './teachers/teachers.routes';
import { teachingRoutes } from './teaching/teaching.routes';
import { studyHolds } from './teaching/teaching.holds';
import { scheduledLabDemand } from './teaching/teaching.service';
import { trialsRoutes } from './trials/trials.routes';
import { usersRoutes } from './users/users.routes';
import { whitelistRoutes } from './whitelist/whitelist.routes';

type Feature = (app: FastifyInstance) => PromiseLike<unknown>;

/** The server's features, registered in this order. */
const features: Feature[] = [
  (app) => app.register(authRoutes),
  (app) => app.register(usersRoutes),
  (app) => app.register(menusRoutes),
  (app) => app.register(schoolsRoutes),
  (app) => app.register(whitelistRoutes),
  (app) => app.register(siteConfigRoutes),
  (app) => app.register(announcementsRoutes),
  (app) => app.register(footerRoutes),
  (app) => app.register(collegesRoutes),
  (app) => app.register(regionsRoutes),
  (app) => app.register(customersRoutes),
  (app) => app.register(orgRoutes),
  (app) => app.register(classesRoutes((ids) => app.labs.runtime.removeUserLabs(ids))),
  (app) => app.register(teachersRoutes),
  (app) => app.register(studentsRoutes),
  (app) => app.register(importsRoutes),
  (app) => app.register(rolesRoutes),
  setUpLabs,
  (app) => app.register(environmentsRoutes((envId) => app.labs.runtime.isEnvInUse(envId))),
  (app) => app.register(coursesRoutes(studyHolds(app.ctx))),
  (app) => app.register(teachingRoutes(app.labs)),
  async (app) => {
    app.labs.runtime.pool.demand = (now, leadMs) => scheduledLabDemand(app.ctx.db, now, leadMs);
  },
  (app) => app.register(noticesRoutes),
  (app) => app.register(trialsRoutes),
  (app) => app.register(smsRoutes),
  (app) => app.register(cmsRoutes),
  async (app) => {
    app.labs.runtime.admission = await setUpBilling(app, app.labs.runtime);
  },
];

export async function registerFeatures(app: FastifyInstance): Promise<void> {
  for (const feature of features) await feature(app);
}
