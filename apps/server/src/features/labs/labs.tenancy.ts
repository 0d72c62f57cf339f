import { pathOf, labsApi } from '@platform/contract';
import {
  open,
  staff,
  object,
  get,
  post,
  put,
  labOnly,
  type TenancyEntries,
} from '../../test/tenancy';

/** The tenant walk's entries for the routes of labs (`test/tenant-isolation.test.ts`). */
export const labsTenancy: TenancyEntries = {
  'POST /api-experiment/center/page': open('the platform’s environment catalogue', () =>
    post(labsApi.centerPage.path, {}),
  ),
  'GET /api-experiment/center/detail/:id': open('the platform’s environment catalogue', (t) =>
    get(pathOf(labsApi.centerDetail.path, { id: t.envId })),
  ),
  'POST /api-experiment/containers/start': open(
    'starts a lab of the caller for a platform environment (labs.test.ts)',
  ),
  'GET /api-experiment/containers/cost/preview': open(
    'the price of a platform environment and the caller’s own school’s balance',
    (t) => get(labsApi.costPreview.path, { expEnvId: t.envId }),
  ),
  'GET /api-experiment/containers/stop': open('stops the caller’s own lab', (t) =>
    get(labsApi.stop.path, { envId: t.envId, containerId: t.containerId }),
  ),
  'POST /api-experiment/container/check/state/:id': object(
    (t) => post(pathOf(labsApi.checkState.path, { id: t.containerId })),
    false,
    labOnly,
  ),
  'GET /api-experiment/containers/state/events': object(
    (t) => get(labsApi.stateEvents.path, { ids: t.containerId }),
    false,
    'labs.events.test.ts proves the stream of one’s own containers',
  ),
  'GET /api-experiment/container/detail/:id': object(
    (t) => get(pathOf(labsApi.detail.path, { id: t.containerId })),
    false,
    labOnly,
  ),
  'PUT /api-experiment/containers/heartbeat': object(
    (t) => put(labsApi.heartbeat.path, undefined, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'GET /api-experiment/container/getTime': open('the caller’s own restart count', (t) =>
    get(labsApi.restartLimit.path, { envId: t.envId }),
  ),
  'POST /api-experiment/container/reset': object(
    (t) => post(labsApi.reset.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'GET /api-experiment/containers/reset/ai': object(
    (t) => get(labsApi.resetAi.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'POST /api-experiment/experiment/env/tb/reset': object(
    (t) => post(labsApi.resetPlatform.path, { envId: t.envId, containerId: t.containerId }),
    false,
    labOnly,
  ),
  'POST /api-experiment/container/ticket/:id': object(
    (t) => post(pathOf(labsApi.ticket.path, { id: t.containerId }), {}),
    false,
    labOnly,
  ),
  'GET /api-experiment/disk/alarm/get': open('the caller’s own disk alarm'),
  'GET /api-experiment/container/listFiles': object(
    (t) => get(labsApi.listFiles.path, { containerId: t.containerId, path: '/' }),
    false,
    labOnly,
  ),
  'GET /api-experiment/container/downloadFile': object(
    (t) => get(labsApi.downloadFile.path, { containerId: t.containerId, path: 'notes.txt' }),
    false,
    labOnly,
  ),
  'POST /api-experiment/container/uploadFile': open(
    'uploads into the caller’s own lab; another user’s container is refused (labs.test.ts)',
  ),
  'POST /api-case/jupyter/exp/info/save': open('the caller’s own Jupyter request'),
  'GET /api-case/jupyter/exp/info/query': open('the caller’s own Jupyter request', (t) =>
    get(labsApi.jupyterInfoQuery.path, { resourceExpEnvId: t.envId }),
  ),
  'GET /api-operation/env/usage/:id': staff((t) =>
    get(pathOf(labsApi.usage.path, { id: t.envId })),
  ),
};
