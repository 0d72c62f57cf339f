import type { ComponentType, LazyExoticComponent } from 'react';
import { languages, type Language } from '@platform/contract';
import { addTexts } from '../shared/i18n';
import type { Widen, zhCN } from '../shared/locales/zh-CN';
import { announcementsEn, announcementsZh } from './announcements/locales';
import { announcementsViews } from './announcements/views';
import { billingEn, billingZh } from './billing/locales';
import { billingViews } from './billing/views';
import { classesEn, classesZh } from './classes/locales';
import { classesViews } from './classes/views';
import { collegesEn, collegesZh } from './colleges/locales';
import { collegesViews } from './colleges/views';
import { coursesManageEn, coursesManageZh } from './courses/manage/locales';
import { coursesManageViews } from './courses/manage/views';
import { coursesStudyEn, coursesStudyZh } from './courses/study/locales';
import { coursesStudyViews } from './courses/study/views';
import { cmsEn, cmsZh } from './cms/locales';
import { cmsViews } from './cms/views';
import { customersEn, customersZh } from './customers/locales';
import { customersViews } from './customers/views';
import { environmentsEn, environmentsZh } from './environments/locales';
import { environmentsViews } from './environments/views';
import { labsEn, labsZh } from './labs/locales';
import { labsViews } from './labs/views';
import { importsEn, importsZh } from './imports/locales';
import { landingEn, landingZh } from './landing/locales';
import { landingViews } from './landing/views';
import { noticesEn, noticesZh } from './notices/locales';
import { orgEn, orgZh } from './org/locales';
import { orgViews } from './org/views';
import { usersEn, usersZh } from './users/locales';
import { usersViews } from './users/views';
import { schoolsEn, schoolsZh } from './schools/locales';
import { siteEn, siteZh } from './site/locales';
import { footerEn, footerZh } from './footer/locales';
import { footerViews } from './footer/views';
import { schoolsViews } from './schools/views';
import { studentsEn, studentsZh } from './students/locales';
import { studentsViews } from './students/views';
import { menusEn, menusZh } from './menus/locales';
import { teachingStudyEn, teachingStudyZh } from './teaching/study/locales';
import { teachingStudyViews } from './teaching/study/views';
import { menusViews } from './menus/views';
import { rolesEn, rolesZh } from './roles/locales';
import { rolesViews } from './roles/views';
import { teachersEn, teachersZh } from './teachers/locales';
import { teachersViews } from './teachers/views';
import { teachingManageEn, teachingManageZh } from './teaching/manage/locales';
import { teachingManageViews } from './teaching/manage/views';
import { trialsEn, trialsZh } from './trials/locales';
import { trialsViews } from './trials/views';

type Views = Record<string, LazyExoticComponent<ComponentType>>;

function feature<Zh>(zh: Zh, en: Widen<Zh>, views: Views = {}) {
  return { texts: { 'zh-CN': zh, 'en-US': en }, views };
}

/**
 * The features of the signed-in area, one line each: the key of its texts, its texts in both
 * languages, and the menu views it provides (see `app/viewRegistry.ts`). They load with the
 * signed-in area, so none of them weighs on /login.
 */
export const features = {
  landing: feature(landingZh, landingEn, landingViews),
  users: feature(usersZh, usersEn, usersViews),
  environments: feature(environmentsZh, environmentsEn, environmentsViews),
  labs: feature(labsZh, labsEn, labsViews),
  colleges: feature(collegesZh, collegesEn, collegesViews),
  customers: feature(customersZh, customersEn, customersViews),
  billing: feature(billingZh, billingEn, billingViews),
  trials: feature(trialsZh, trialsEn, trialsViews),
  cms: feature(cmsZh, cmsEn, cmsViews),
  announcements: feature(announcementsZh, announcementsEn, announcementsViews),
  footer: feature(footerZh, footerEn, footerViews),
  schools: feature(schoolsZh, schoolsEn, schoolsViews),
  org: feature(orgZh, orgEn, orgViews),
  classes: feature(classesZh, classesEn, classesViews),
  teachers: feature(teachersZh, teachersEn, teachersViews),
  students: feature(studentsZh, studentsEn, studentsViews),
  courses: feature(
    { manage: coursesManageZh, study: coursesStudyZh },
    { manage: coursesManageEn, study: coursesStudyEn },
    { ...coursesManageViews, ...coursesStudyViews },
  ),
  teaching: feature(
    { manage: teachingManageZh, study: teachingStudyZh },
    { manage: teachingManageEn, study: teachingStudyEn },
    { ...teachingManageViews, ...teachingStudyViews },
  ),
  imports: feature(importsZh, importsEn),
  notices: feature(noticesZh, noticesEn),
  menus: feature(menusZh, menusEn, menusViews),
  roles: feature(rolesZh, rolesEn, rolesViews),
  site: feature(siteZh, siteEn),
};

/** Every feature's texts in one language, each under its feature's key. */
export function featureTexts(language: Language): Record<string, object> {
  return Object.fromEntries(
    Object.entries(features).map(([key, { texts }]) => [key, texts[language]]),
  );
}

/** Adds the features' texts to the shell's, in every language. */
export function addFeatureTexts(): void {
  for (const language of languages) addTexts(language, featureTexts(language));
}

type FeatureTexts = { [K in keyof typeof features]: (typeof features)[K]['texts']['zh-CN'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN & FeatureTexts };
  }
}
