import { pathOf, environmentsApi } from '@platform/contract';
import { staff, get, post, put, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of environments (`test/tenant-isolation.test.ts`). */
export const environmentsTenancy: TenancyEntries = {
  'GET /api-experiment/env/page/list': staff(() => get(environmentsApi.page.path)),
  'POST /api-experiment/env/add': staff(() => post(environmentsApi.add.path, {})),
  'PUT /api-experiment/env/update': staff(() => put(environmentsApi.update.path, {})),
  'PUT /api-experiment/env/config': staff(() => put(environmentsApi.config.path, {})),
  'GET /api-experiment/env/get/:id': staff((t) =>
    get(pathOf(environmentsApi.get.path, { id: t.envId })),
  ),
  'GET /api-experiment/env/list': staff(() => get(environmentsApi.list.path)),
  'GET /api-experiment/env/labels': staff(() => get(environmentsApi.labels.path)),
  'POST /api-experiment/env/copy/:id': staff((t) =>
    post(pathOf(environmentsApi.copy.path, { id: t.envId })),
  ),
  'DELETE /api-experiment/env/remove/:id': staff((t) => ({
    method: 'DELETE',
    url: pathOf(environmentsApi.remove.path, { id: t.envId }),
  })),
  'GET /api-experiment/script/list': staff(() => get(environmentsApi.scripts.path)),
  'GET /api-experiment/script/label/:label': staff(() =>
    get(pathOf(environmentsApi.scriptsByLabel.path, { label: 'x' })),
  ),
  'POST /api-experiment/script/save': staff(() => post(environmentsApi.saveScript.path, {})),
  'DELETE /api-experiment/script/remove/:id': staff((t) => ({
    method: 'DELETE',
    url: pathOf(environmentsApi.removeScript.path, { id: t.envId }),
  })),
};
