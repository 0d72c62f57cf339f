import {
  cmsLimits,
  type ArticleSummary,
  type BilingualDoc,
  type CmsArticle,
  type CmsAttribute,
  type CmsCatalog,
  type CmsImageUploaded,
  type CmsNotice,
  type CmsNoticeSummary,
  type CmsTemplate,
  type articlePageQuerySchema,
  type articleSaveSchema,
  type attributePageQuerySchema,
  type attributeSaveSchema,
  type catalogPageQuerySchema,
  type catalogSaveSchema,
  type cmsNoticePageQuerySchema,
  type cmsNoticeSaveSchema,
  type publishSchema,
  type templatePageQuerySchema,
  type templateSaveSchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { uniqueViolationOf } from '../../lib/sql';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import { newFileId, storedDocs } from '../courses/courses.files';
import * as repo from './cms.repo';
import {
  cmsImageKey,
  cmsImageUrl,
  page,
  presentArticleSummary,
  presentAttribute,
  presentCatalog,
  presentNoticeSummary,
  presentTemplate,
} from './cms.present';

type Out<S extends z.ZodType> = z.output<S>;

/**
 * Rich text stored by the portal: sanitised as the courses' is (decision 0023). No course owns
 * it, so an image of a course's files is refused.
 */
const NO_COURSE = '0';
const cleanDocs = (doc: BilingualDoc, field: string) => storedDocs(doc, NO_COURSE, field);

export class CmsService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  /* Attributes ---------------------------------------------------------------------------------- */

  async attributePage(q: Out<typeof attributePageQuerySchema>) {
    const { records, total } = await repo.pageAttributes(this.db, q.name, q.pageNum, q.pageSize);
    return page(records.map(presentAttribute), total, q);
  }

  async attributeList() {
    return (await repo.listAttributes(this.db)).map(presentAttribute);
  }

  async attributeSave(body: Out<typeof attributeSaveSchema>): Promise<CmsAttribute> {
    const now = this.ctx.now();
    const id = body.id ?? this.ctx.ids.next();
    try {
      if (body.id) {
        const current = await repo.attributeRows.find(this.db, body.id);
        if (!current) throw notFound('cms.attribute_not_found');
        await this.db.transaction(async (tx) => {
          await repo.attributeRows.update(tx, id, {
            name: body.name,
            code: body.code,
            updatedAt: now,
          });
          if (current.code !== body.code)
            await this.renameAttributeCode(tx, current.code, body.code);
        });
      } else {
        await repo.attributeRows.insert(this.db, {
          id,
          name: body.name,
          code: body.code,
          createdAt: now,
          updatedAt: now,
        });
      }
    } catch (error) {
      if (uniqueViolationOf(error) !== null)
        throw conflict('cms.attribute_code_taken', { code: 'invalid_value' });
      throw error;
    }
    return presentAttribute((await repo.attributeRows.find(this.db, id))!);
  }

  private async renameAttributeCode(db: AppContext['db'], from: string, to: string) {
    for (const c of await repo.listCatalogs(db, { attributeCode: from }))
      await repo.catalogRows.update(db, c.id, { attributeCode: to });
  }

  async attributeDelete(id: string) {
    const current = await repo.attributeRows.find(this.db, id);
    if (!current) throw notFound('cms.attribute_not_found');
    if ((await repo.countCatalogsWith(this.db, { attributeCode: current.code })) > 0)
      throw conflict('cms.attribute_in_use');
    await repo.attributeRows.remove(this.db, id);
  }

  /* Templates ----------------------------------------------------------------------------------- */

  async templatePage(q: Out<typeof templatePageQuerySchema>) {
    const { records, total } = await repo.pageTemplates(this.db, q, q.pageNum, q.pageSize);
    return page(records.map(presentTemplate), total, q);
  }

  async templateList() {
    return (await repo.listTemplates(this.db)).map(presentTemplate);
  }

  async templateSave(body: Out<typeof templateSaveSchema>): Promise<CmsTemplate> {
    const now = this.ctx.now();
    const fields = { name: body.name, category: body.category, path: body.path, updatedAt: now };
    if (body.id) {
      if (!(await repo.templateRows.update(this.db, body.id, fields)))
        throw notFound('cms.template_not_found');
      return presentTemplate((await repo.templateRows.find(this.db, body.id))!);
    }
    const id = this.ctx.ids.next();
    await repo.templateRows.insert(this.db, { ...fields, id, createdAt: now });
    return presentTemplate((await repo.templateRows.find(this.db, id))!);
  }

  async templateDelete(id: string) {
    if (!(await repo.templateRows.find(this.db, id))) throw notFound('cms.template_not_found');
    if ((await repo.countCatalogsWith(this.db, { templateId: id })) > 0)
      throw conflict('cms.template_in_use');
    await repo.templateRows.remove(this.db, id);
  }

  /* Catalogues ---------------------------------------------------------------------------------- */

  async catalogTree() {
    return (await repo.listCatalogs(this.db)).map(presentCatalog);
  }

  async catalogPage(q: Out<typeof catalogPageQuerySchema>) {
    const { records, total } = await repo.pageCatalogs(
      this.db,
      {
        name: q.name,
        parentId: q.parentId,
        attributeCode: q.attributeCode,
        isPublish: q.isPublish === undefined ? undefined : q.isPublish === 1,
      },
      q.pageNum,
      q.pageSize,
    );
    return page(records.map(presentCatalog), total, q);
  }

  async catalogGet(id: string): Promise<CmsCatalog> {
    const row = await repo.findCatalog(this.db, id);
    if (!row) throw notFound('cms.catalog_not_found');
    return presentCatalog(row);
  }

  async catalogSave(body: Out<typeof catalogSaveSchema>): Promise<CmsCatalog> {
    const attributeCode = body.attributeCode || null;
    if (attributeCode && !(await repo.findAttributeByCode(this.db, attributeCode)))
      throw invalid('cms.attribute_not_found', { attributeCode: 'invalid_value' });
    const templateId = body.templateId || null;
    if (templateId && !(await repo.templateRows.find(this.db, templateId)))
      throw invalid('cms.template_not_found', { templateId: 'invalid_value' });
    const parentId = body.parentId || null;
    if (parentId) await this.checkParent(body.id ?? null, parentId);
    const now = this.ctx.now();
    const fields = {
      parentId,
      name: body.name,
      category: body.category ?? '',
      type: body.type,
      link: body.link ?? '',
      attributeCode,
      templateId,
      image: body.image || null,
      sortNumber: body.sortNumber,
      isPublish: body.isPublish === 1,
      isDisplay: body.isDisplay === 1,
      description: body.description ?? {},
      updatedAt: now,
    };
    if (body.id) {
      if (!(await repo.catalogRows.update(this.db, body.id, fields)))
        throw notFound('cms.catalog_not_found');
      return this.catalogGet(body.id);
    }
    const id = this.ctx.ids.next();
    await repo.catalogRows.insert(this.db, { ...fields, id, createdAt: now });
    return this.catalogGet(id);
  }

  /** A parent exists and is neither the catalogue itself nor under it. */
  private async checkParent(id: string | null, parentId: string) {
    const refused = () => invalid('cms.catalog_parent_invalid', { parentId: 'invalid_value' });
    const all = new Map((await repo.listCatalogs(this.db)).map((c) => [c.id, c]));
    if (!all.has(parentId)) throw refused();
    for (let at: string | null = parentId, steps = 0; at; steps++) {
      if (at === id || steps > all.size) throw refused();
      at = all.get(at)?.parentId ?? null;
    }
  }

  async catalogDelete(id: string) {
    if (!(await repo.findCatalog(this.db, id))) throw notFound('cms.catalog_not_found');
    if ((await repo.catalogUses(this.db, id)) > 0) throw conflict('cms.catalog_not_empty');
    await repo.catalogRows.remove(this.db, id);
  }

  async catalogPublish(body: Out<typeof publishSchema>): Promise<CmsCatalog> {
    const set = { isPublish: body.isPublish === 1, updatedAt: this.ctx.now() };
    if (!(await repo.catalogRows.update(this.db, body.id, set)))
      throw notFound('cms.catalog_not_found');
    return this.catalogGet(body.id);
  }

  /* Articles ------------------------------------------------------------------------------------ */

  async articlePage(q: Out<typeof articlePageQuerySchema>) {
    const { records, total } = await repo.pageArticles(
      this.db,
      {
        title: q.title,
        catalogId: q.catalogId,
        isPublish: q.isPublish === undefined ? undefined : q.isPublish === 1,
      },
      q.pageNum,
      q.pageSize,
    );
    return page(records.map(presentArticleSummary), total, q);
  }

  async articleGet(id: string): Promise<CmsArticle> {
    const row = await repo.findArticle(this.db, id);
    if (!row) throw notFound('cms.article_not_found');
    return { ...presentArticleSummary(row), content: row.content };
  }

  async articleSave(body: Out<typeof articleSaveSchema>): Promise<CmsArticle> {
    if (!(await repo.findCatalog(this.db, body.catalogId)))
      throw invalid('cms.catalog_not_found', { catalogId: 'invalid_value' });
    const now = this.ctx.now();
    const fields = {
      catalogId: body.catalogId,
      title: body.title,
      summary: body.summary,
      author: body.author,
      cover: body.cover || null,
      content: cleanDocs(body.content, 'content'),
      isDisplay: body.isDisplay === 1,
      updatedAt: now,
    };
    if (body.id) {
      if (!(await repo.articleRows.update(this.db, body.id, fields)))
        throw notFound('cms.article_not_found');
      return this.articleGet(body.id);
    }
    const id = this.ctx.ids.next();
    await repo.articleRows.insert(this.db, { ...fields, id, createdAt: now });
    return this.articleGet(id);
  }

  async articleDelete(id: string) {
    if (!(await repo.articleRows.remove(this.db, id))) throw notFound('cms.article_not_found');
  }

  async articlePublish(body: Out<typeof publishSchema>): Promise<ArticleSummary> {
    const now = this.ctx.now();
    const publish = body.isPublish === 1;
    const set = { isPublish: publish, publishedAt: publish ? now : null, updatedAt: now };
    if (!(await repo.articleRows.update(this.db, body.id, set)))
      throw notFound('cms.article_not_found');
    return presentArticleSummary((await repo.findArticle(this.db, body.id))!);
  }

  /* Notices ------------------------------------------------------------------------------------- */

  async noticePage(q: Out<typeof cmsNoticePageQuerySchema>) {
    const { records, total } = await repo.pageNotices(
      this.db,
      { title: q.title, isPublish: q.isPublish === undefined ? undefined : q.isPublish === 1 },
      q.pageNum,
      q.pageSize,
    );
    return page(records.map(presentNoticeSummary), total, q);
  }

  async noticeGet(id: string): Promise<CmsNotice> {
    const row = await repo.noticeRows.find(this.db, id);
    if (!row) throw notFound('cms.notice_not_found');
    return { ...presentNoticeSummary(row), content: row.content };
  }

  async noticeSave(body: Out<typeof cmsNoticeSaveSchema>): Promise<CmsNotice> {
    const now = this.ctx.now();
    const fields = {
      title: body.title,
      source: body.source,
      description: body.description ?? {},
      content:
        body.content && (body.content.zh || body.content.en)
          ? cleanDocs(body.content, 'content')
          : null,
      updatedAt: now,
    };
    if (body.id) {
      if (!(await repo.noticeRows.update(this.db, body.id, fields)))
        throw notFound('cms.notice_not_found');
      return this.noticeGet(body.id);
    }
    const id = this.ctx.ids.next();
    await repo.noticeRows.insert(this.db, { ...fields, id, createdAt: now });
    return this.noticeGet(id);
  }

  async noticeDelete(id: string) {
    if (!(await repo.noticeRows.remove(this.db, id))) throw notFound('cms.notice_not_found');
  }

  async noticePublish(body: Out<typeof publishSchema>): Promise<CmsNoticeSummary> {
    const now = this.ctx.now();
    const publish = body.isPublish === 1;
    const set = { isPublish: publish, publishedAt: publish ? now : null, updatedAt: now };
    if (!(await repo.noticeRows.update(this.db, body.id, set)))
      throw notFound('cms.notice_not_found');
    return presentNoticeSummary((await repo.noticeRows.find(this.db, body.id))!);
  }

  /* Images -------------------------------------------------------------------------------------- */

  /** Stores an image of the portal: JPG or PNG by its content, at most 5 MB. */
  async upload(store: (plan: PlanFromFields) => Promise<StoredUpload>): Promise<CmsImageUploaded> {
    const fileId = newFileId();
    const stored = await store({
      maxBytes: cmsLimits.imageBytes,
      plan: () =>
        Promise.resolve({
          key: cmsImageKey(fileId),
          kinds: ['image'],
          maxBytes: cmsLimits.imageBytes,
          tooLarge: () => new AppError('cms.image_too_large', { status: 413 }),
          refused: () => invalid('cms.image_type', { file: 'invalid_format' }),
        }),
    });
    return {
      fileId,
      url: cmsImageUrl(fileId)!,
      size: stored.size,
      contentType: stored.contentType,
    };
  }
}
