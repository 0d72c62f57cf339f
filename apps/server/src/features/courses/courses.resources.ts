import type { z } from 'zod';
import {
  courseResourceMaxBytes,
  courseResourceUploadFieldsSchema,
  type CourseResource,
  type courseResourcePageQuerySchema,
} from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import type { PlanFromFields, StoredUpload } from '../../lib/store-upload';
import type { Actor } from '../auth/auth.plugin';
import { resourceKey } from './courses.files';
import { requireCourseKeeper, requireEditable, requireReadable } from './courses.policy';
import * as repo from './courses.repo';
import * as resourceRepo from './courses.resources.repo';

type ResourcePageQuery = z.output<typeof courseResourcePageQuerySchema>;
type Page<T> = { records: T[]; total: number; pageNum: number; pageSize: number };

/** A file of a course's resource table as lists show it. */
export function presentResource(r: resourceRepo.ResourceRow): CourseResource {
  return {
    id: r.id,
    name: r.name,
    size: r.size,
    contentType: r.contentType,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A course's resource table (management spec): files its keepers add, students download. */
export class CourseResources {
  constructor(private readonly ctx: AppContext) {}

  async resourcePage(actor: Actor, q: ResourcePageQuery): Promise<Page<CourseResource>> {
    const schoolId = requireCourseKeeper(actor);
    requireReadable(await repo.findCourse(this.ctx.db, q.courseId), schoolId);
    const { records, total } = await resourceRepo.pageResources(
      this.ctx.db,
      q.courseId,
      q.name || undefined,
      q.pageNum,
      q.pageSize,
    );
    return {
      records: records.map((r) => presentResource(r)),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  }

  async resourceUpload(
    actor: Actor,
    store: (plan: PlanFromFields) => Promise<StoredUpload>,
  ): Promise<CourseResource> {
    const schoolId = requireCourseKeeper(actor);
    let courseId = '';
    const id = this.ctx.ids.next();
    const stored = await store({
      maxBytes: courseResourceMaxBytes,
      plan: async (fields) => {
        const parsed = courseResourceUploadFieldsSchema.safeParse(fields);
        if (!parsed.success) throw invalid('common.invalid_input', { courseId: 'invalid_value' });
        courseId = parsed.data.courseId;
        requireEditable(await repo.findCourse(this.ctx.db, courseId), schoolId);
        return {
          key: resourceKey(courseId, id),
          kinds: ['attachment'],
          maxBytes: courseResourceMaxBytes,
        };
      },
    });
    const now = this.ctx.now();
    await resourceRepo.insertResource(this.ctx.db, {
      id,
      courseId,
      name: stored.fileName,
      fileKey: stored.key,
      size: stored.size,
      contentType: stored.contentType,
      createdBy: actor.userId,
      createdAt: now,
    });
    return presentResource((await resourceRepo.findResource(this.ctx.db, id))!);
  }

  /** A resource of a course of the caller's school (the platform's are read-only). */
  private async resourceOf(schoolId: string, id: string, editing: boolean) {
    const resource = await resourceRepo.findResource(this.ctx.db, id);
    if (!resource) throw notFound('courses.resource_not_found');
    const course = await repo.findCourse(this.ctx.db, resource.courseId);
    const readable =
      course &&
      (editing
        ? course.schoolId === schoolId
        : course.schoolId === null || course.schoolId === schoolId);
    if (!readable) throw notFound('courses.resource_not_found');
    if (editing) requireEditable(course, schoolId);
    return resource;
  }

  async resourceDelete(actor: Actor, id: string): Promise<void> {
    const schoolId = requireCourseKeeper(actor);
    const resource = await this.resourceOf(schoolId, id, true);
    await resourceRepo.deleteResource(this.ctx.db, id);
    await this.ctx.storage.delete(resource.fileKey).catch(() => undefined);
  }

  /** A resource to download, for staff of a course they read (students: `CourseStudy`). */
  async resourceDownload(actor: Actor, id: string): Promise<{ key: string; name: string }> {
    const resource = await this.resourceOf(requireCourseKeeper(actor), id, false);
    return { key: resource.fileKey, name: resource.name };
  }
}
