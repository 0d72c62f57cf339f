import type { CollegeDetail } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Actor } from '../auth/auth.plugin';
import { canReadSchool } from './schools.policy';
import * as repo from './schools.repo';

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
}
