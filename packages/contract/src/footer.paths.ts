/**
 * The footer's routes: method and path of each, spread by `footer.api.ts`. The public footer
 * calls `get` through `routeRefs`, without schemas.
 */
export const footerPaths = {
  get: { method: 'GET', path: '/openapi/api-operation/system/footer' },
  detail: { method: 'GET', path: '/api-operation/system/footer/detail' },
  save: { method: 'POST', path: '/api-operation/system/footer/save' },
  qrUpload: { method: 'POST', path: '/api-operation/system/footer/qrcode/upload' },
  qrImage: {
    method: 'GET',
    path: '/openapi/api-operation/system/footer/qrcode/:fileId',
    response: 'file',
  },
} as const;
