import { pathOf, cmsApi } from '@platform/contract';
import { open, staff, get, post, multipart, type TenancyEntries } from '../../test/tenancy';

/** The tenant walk's entries for the routes of cms (`test/tenant-isolation.test.ts`). */
export const cmsTenancy: TenancyEntries = {
  'GET /api-cms/cms/attribute/page': staff(() => get(cmsApi.attributePage.path)),
  'GET /api-cms/cms/attribute/list': staff(() => get(cmsApi.attributeList.path)),
  'GET /api-cms/cms/template/page': staff(() => get(cmsApi.templatePage.path)),
  'GET /api-cms/cms/template/list': staff(() => get(cmsApi.templateList.path)),
  'GET /api-cms/cms/catalog/tree': staff(() => get(cmsApi.catalogTree.path)),
  'GET /api-cms/cms/catalog/page': staff(() => get(cmsApi.catalogPage.path)),
  'GET /api-cms/cms/article/page': staff(() => get(cmsApi.articlePage.path)),
  'GET /api-cms/cms/notice/page': staff(() => get(cmsApi.noticePage.path)),
  'GET /api-cms/cms/catalog/get/:id': staff((t) =>
    get(pathOf(cmsApi.catalogGet.path, { id: t.classId })),
  ),
  'GET /api-cms/cms/article/get/:id': staff((t) =>
    get(pathOf(cmsApi.articleGet.path, { id: t.classId })),
  ),
  'GET /api-cms/cms/notice/get/:id': staff((t) =>
    get(pathOf(cmsApi.noticeGet.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/attribute/delete/:id': staff((t) =>
    post(pathOf(cmsApi.attributeDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/template/delete/:id': staff((t) =>
    post(pathOf(cmsApi.templateDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/catalog/delete/:id': staff((t) =>
    post(pathOf(cmsApi.catalogDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/article/delete/:id': staff((t) =>
    post(pathOf(cmsApi.articleDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/notice/delete/:id': staff((t) =>
    post(pathOf(cmsApi.noticeDelete.path, { id: t.classId })),
  ),
  'POST /api-cms/cms/attribute/saveOrUpdate': staff(() => post(cmsApi.attributeSave.path, {})),
  'POST /api-cms/cms/template/saveOrUpdate': staff(() => post(cmsApi.templateSave.path, {})),
  'POST /api-cms/cms/catalog/saveOrUpdate': staff(() => post(cmsApi.catalogSave.path, {})),
  'POST /api-cms/cms/article/saveOrUpdate': staff(() => post(cmsApi.articleSave.path, {})),
  'POST /api-cms/cms/notice/saveOrUpdate': staff(() => post(cmsApi.noticeSave.path, {})),
  'POST /api-cms/cms/catalog/publish': staff((t) =>
    post(cmsApi.catalogPublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/article/publish': staff((t) =>
    post(cmsApi.articlePublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/notice/publish': staff((t) =>
    post(cmsApi.noticePublish.path, { id: t.classId, isPublish: 1 }),
  ),
  'POST /api-cms/cms/file/upload': staff(() =>
    multipart(cmsApi.imageUpload.path, 'cover.png', 'not an image'),
  ),
  'GET /api-cms/cms/file/:fileId': open('public images of the portal, by unguessable id'),
  'GET /openapi/api-cms/cms/front/catalogs': open('the public site’s published content', () =>
    get(cmsApi.frontCatalogs.path),
  ),
  'GET /openapi/api-cms/cms/front/catalog/list': open('the public site’s published content', () =>
    get(cmsApi.frontCatalogList.path),
  ),
  'GET /openapi/api-cms/cms/front/article/page/list': open(
    'the public site’s published content',
    () => get(cmsApi.frontArticlePage.path),
  ),
  'GET /openapi/api-cms/cms/front/notice/page/list': open(
    'the public site’s published content',
    () => get(cmsApi.frontNoticePage.path),
  ),
  'GET /openapi/api-cms/cms/front/get/sub/:id': open('the public site’s published content'),
  'GET /openapi/api-cms/cms/front/get/:id': open('the public site’s published content'),
  'GET /openapi/api-cms/cms/front/notice/get/:id': open('the public site’s published content'),
};
