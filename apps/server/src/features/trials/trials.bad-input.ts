import { anonymous, staff, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of trials (`test/bad-input/walk.ts`). */
export const trialsBadInput: BadInputEntries = {
  'POST /openapi/api-operation/probation/apply/send/code': anonymous(
    'a visitor asks for a trial code; valid phones get codes until the send caps refuse (429)',
  ),
  'POST /openapi/api-operation/probation/apply/add': anonymous('a visitor’s trial form'),
  'GET /api-operation/probation/apply/list': staff,
  'POST /api-operation/probation/apply/send/message': staff,
};
