import fc from 'fast-check';
import { startLab } from '../../test/bad-input/fixture';
import { student, staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of labs (`test/bad-input/walk.ts`). */
export const labsBadInput: BadInputEntries = {
  'GET /api-experiment/containers/cost/preview': student,
  'POST /api-experiment/center/page': student,
  'GET /api-experiment/center/detail/:id': student,
  'POST /api-experiment/containers/start': student,
  'GET /api-experiment/containers/stop': student,
  'POST /api-experiment/container/check/state/:id': student,
  'GET /api-experiment/containers/state/events': {
    ...student,
    stream: true,
    why: 'the caller’s own containers get an event stream that stays open',
  },
  'GET /api-experiment/container/detail/:id': student,
  'PUT /api-experiment/containers/heartbeat': student,
  'GET /api-experiment/container/getTime': student,
  'POST /api-experiment/container/reset': student,
  'GET /api-experiment/containers/reset/ai': student,
  'POST /api-experiment/experiment/env/tb/reset': student,
  'POST /api-experiment/container/ticket/:id': student,
  'GET /api-experiment/disk/alarm/get': student,
  'GET /api-experiment/container/listFiles': student,
  'GET /api-experiment/container/downloadFile': student,
  'POST /api-experiment/container/uploadFile': {
    ...student,
    why: 'uploads go into a running terminal lab of the student, started first',
    multipart: (fx) => ({
      containerId: fc.constantFrom(fx.lab.containerId, ...fx.ids),
      path: fc.constantFrom('', '/', 'notes', 'a/b', '../x', '/etc', 'a\u0000b', '\ud800'),
    }),
    prepare: startLab,
  },
  'POST /api-case/jupyter/exp/info/save': student,
  'GET /api-case/jupyter/exp/info/query': student,
  'GET /api-operation/env/usage/:id': staff,
};
