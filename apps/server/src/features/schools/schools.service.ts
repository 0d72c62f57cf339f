import {
  schoolTypeNames,
  type CollegeDetail,
  type Lang,
  type SchoolProfile,
  type SchoolType,
  type schoolProfileUpdateSchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { canReadSchool, requireOwnSchool, requireSchoolReader } from './schools.policy';
import * as repo from './schools.repo';

type ProfileUpdate = z.output<typeof schoolProfileUpdateSchema>;

export class SchoolsService {
  constructor(private readonly ctx: AppContext) {}

  /** Another school's detail is answered as not found, so ids of other schools reveal nothing. */
  async detail(actor: Actor, id: string): Promise<CollegeDetail> {
    const school = canReadSchool(actor, id) ? await repo.findSchool(this.ctx.db, id) : undefined;
    if (!school) throw notFound('schools.not_found');
    return {
      id: school.id,
      name: school.name,
      logo: school.logo,
      url: school.url,
      clientLogo: school.clientLogo,
      clientTitle: school.clientTitle,
      favicon: school.favicon,
      type: school.type,
    };
  }

  /** The actor's own school with its region and type names in the caller's language. */
  async profile(actor: Actor, lang: Lang): Promise<SchoolProfile> {
    const schoolId = requireSchoolReader(actor);
    const school = await repo.findLiveSchool(this.ctx.db, schoolId);
    if (!school) throw notFound('schools.not_found');
    return this.present(school, lang);
  }

  async updateProfile(actor: Actor, body: ProfileUpdate, lang: Lang): Promise<SchoolProfile> {
    const schoolId = requireOwnSchool(actor);
    if (!(await repo.findLiveSchool(this.ctx.db, schoolId))) throw notFound('schools.not_found');
    const row = await repo.updateProfile(this.ctx.db, schoolId, {
      ...body,
      updatedAt: this.ctx.now(),
    });
    if (!row) throw new AppError('org.update_failed', { status: 409 });
    return this.present(row, lang);
  }

  private async present(school: repo.SchoolRow, lang: Lang): Promise<SchoolProfile> {
    const regionIds = [school.province, school.city].filter((r): r is string => Boolean(r));
    const [regions, counts] = await Promise.all([
      repo.regionsOf(this.ctx.db, regionIds),
      repo.countsOf(this.ctx.db, school.id),
    ]);
    const nameOf = (id: string | null) => {
      const region = id ? regions.find((r) => r.id === id) : undefined;
      if (!region) return null;
      return lang === 'en' ? region.nameEn || region.name : region.name;
    };
    const type = school.type as SchoolType | null;
    return {
      id: school.id,
      name: school.name,
      url: school.url,
      type: school.type,
      typeName: type && schoolTypeNames[type] ? schoolTypeNames[type][lang] : null,
      enabled: school.enabled,
      province: school.province,
      provinceName: nameOf(school.province),
      city: school.city,
      cityName: nameOf(school.city),
      intro: school.intro,
      address: school.address,
      logo: school.logo,
      totalBalance: school.totalBalance,
      rechargeBalance: school.rechargeBalance,
      giftBalance: school.giftBalance,
      tokenCount: school.tokenCount,
      pptCount: school.pptCount,
      maxStudents: school.maxStudents,
      purchasedCourseCount: school.purchasedCourseCount,
      ...counts,
    };
  }
}

/** What the operators' school management (colleges) reads and writes of schools. */
export function findLiveSchool(
  ...args: Parameters<typeof repo.findLiveSchool>
): ReturnType<typeof repo.findLiveSchool> {
  return repo.findLiveSchool(...args);
}
export function insertSchool(
  ...args: Parameters<typeof repo.insertSchool>
): ReturnType<typeof repo.insertSchool> {
  return repo.insertSchool(...args);
}
export function insertSchoolsWithFreeUrl(
  ...args: Parameters<typeof repo.insertSchoolsWithFreeUrl>
): ReturnType<typeof repo.insertSchoolsWithFreeUrl> {
  return repo.insertSchoolsWithFreeUrl(...args);
}
export function updateLiveSchool(
  ...args: Parameters<typeof repo.updateLiveSchool>
): ReturnType<typeof repo.updateLiveSchool> {
  return repo.updateLiveSchool(...args);
}
export type SchoolInsert = repo.SchoolInsert;

/** What billing writes of schools: the balances its ledger books, the purchased course count. */
export function setPurchasedCourseCount(
  ...args: Parameters<typeof repo.setPurchasedCourseCount>
): ReturnType<typeof repo.setPurchasedCourseCount> {
  return repo.setPurchasedCourseCount(...args);
}
export function writeBalances(
  ...args: Parameters<typeof repo.writeBalances>
): ReturnType<typeof repo.writeBalances> {
  return repo.writeBalances(...args);
}
