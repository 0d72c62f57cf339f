import { trialsApi } from '@platform/contract';
import { open, staff, get, post, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of trials (`test/tenant-isolation.test.ts`). */
export const trialsTenancy: TenancyEntries = {
  'POST /openapi/api-operation/probation/apply/send/code': open(
    'a visitor asks for a trial code (trials.test.ts)',
  ),
  'POST /openapi/api-operation/probation/apply/add': open(
    'a visitor applies for a trial (trials.test.ts)',
  ),
  'GET /api-operation/probation/apply/list': staff(() => get(trialsApi.list.path)),
  'POST /api-operation/probation/apply/send/message': staff((t) =>
    post(trialsApi.sendMessage.path, undefined, { id: t.schoolId }),
  ),
};
