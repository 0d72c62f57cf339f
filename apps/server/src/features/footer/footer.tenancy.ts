import { footerApi } from '@platform/contract';
import { open, staff, get, post, multipart, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of footer (`test/tenant-isolation.test.ts`). */
export const footerTenancy: TenancyEntries = {
  'GET /openapi/api-operation/system/footer': open('public site footer', () =>
    get(footerApi.get.path),
  ),
  'GET /api-operation/system/footer/detail': staff(() => get(footerApi.detail.path)),
  'POST /api-operation/system/footer/save': staff(() => post(footerApi.save.path, {})),
  'POST /api-operation/system/footer/qrcode/upload': staff(() =>
    multipart(footerApi.qrUpload.path, 'qr.png', 'not an image'),
  ),
  'GET /openapi/api-operation/system/footer/qrcode/:fileId': open(
    'public QR code images of the footer, by unguessable id',
  ),
};
