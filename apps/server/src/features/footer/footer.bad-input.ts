import { anonymous, staff, noFields, type BadInputEntries } from '../../test/bad-input/entries';

/** The bad-input walk's entries for the routes of footer (`test/bad-input/walk.ts`). */
export const footerBadInput: BadInputEntries = {
  'GET /openapi/api-operation/system/footer': anonymous('the public footer'),
  'GET /api-operation/system/footer/detail': staff,
  'POST /api-operation/system/footer/save': staff,
  'POST /api-operation/system/footer/qrcode/upload': { ...staff, multipart: noFields },
  'GET /openapi/api-operation/system/footer/qrcode/:fileId': anonymous('the footer’s QR images'),
};
