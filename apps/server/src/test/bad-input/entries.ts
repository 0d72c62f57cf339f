import type { Entry } from './walk';

export const anonymous = (why: string): Entry => ({ as: 'anonymous', why });
export const student: Entry = { as: 'student' };
export const manager: Entry = { as: 'school-manager' };
export const staff: Entry = { as: 'admin' };
export const docs: Entry = { as: 'anonymous', document: true, why: 'public API documentation' };

/** Served on lab origins only: walked there, with the lab's host, instead of on the API origin. */
export interface LabOriginEntry {
  labOrigin: true;
  why: string;
}
export const labOrigin = (why: string): LabOriginEntry => ({ labOrigin: true, why });

export const noFields = () => ({});

/** One entry per route (`METHOD path`). */
export type BadInputEntries = Record<string, Entry | LabOriginEntry>;
