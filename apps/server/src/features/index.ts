import type { FastifyInstance } from 'fastify';
import { announcementsRoutes } from './announcements/announcements.routes';
import { authRoutes } from './auth/auth.routes';
import { BillingGate } from './billing/billing.gate';
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

/**
 * The composition root: every feature is built here from what it takes of others, passed in as
 * it is built. No feature reaches into another after start-up; read top to bottom, this says
 * what depends on what.
 */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(menusRoutes);
  await app.register(schoolsRoutes);
  await app.register(whitelistRoutes);
  await app.register(siteConfigRoutes);
  await app.register(announcementsRoutes);
  await app.register(footerRoutes);
  await app.register(collegesRoutes);
  await app.register(regionsRoutes);
  await app.register(customersRoutes);
  await app.register(orgRoutes);

  // Billing admits lab starts; teaching says which environments its tasks will soon need.
  const billingGate = new BillingGate(ctx);
  const labs = await setUpLabs(app, {
    admission: billingGate,
    demand: (now, leadMs) => scheduledLabDemand(ctx.db, now, leadMs),
  });

  await app.register(classesRoutes((ids) => labs.removeUserLabs(ids)));
  await app.register(teachersRoutes);
  await app.register(studentsRoutes);
  await app.register(importsRoutes);
  await app.register(rolesRoutes);
  await app.register(environmentsRoutes((envId) => labs.isEnvInUse(envId)));
  await app.register(coursesRoutes(studyHolds(ctx)));
  await app.register(teachingRoutes(app.labs));
  await app.register(noticesRoutes);
  await app.register(trialsRoutes);
  await app.register(smsRoutes);
  await app.register(cmsRoutes);
  await setUpBilling(app, billingGate, labs);
}
