import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  courseDifficulties,
  courseSpecialties,
  type CourseDifficulty,
  type CourseSpecialty,
} from '@platform/contract';
import { subscribeToken } from '../../shared/session';

/** What a course list shows: its filters and page, kept in the address. */
export interface ListState {
  name?: string | undefined;
  difficulty?: CourseDifficulty | undefined;
  specialty?: CourseSpecialty | undefined;
  pageNum: number;
}

const ownKeys = ['name', 'difficulty', 'specialty', 'page'] as const;

/**
 * The kept lists' last address and scroll position, for the whole visit: a list opened again
 * from the menu comes back as it was left (spec §2, the course hall is kept cached). Another
 * user starts afresh.
 */
const lastSearch = new Map<string, string>();
const scrollOf = new Map<string, number>();
subscribeToken(() => {
  lastSearch.clear();
  scrollOf.clear();
});

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

function read(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  return {
    name: params.get('name')?.trim() || undefined,
    difficulty: oneOf(courseDifficulties, params.get('difficulty')),
    specialty: oneOf(courseSpecialties, params.get('specialty')),
    pageNum: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function write(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.name) params.set('name', state.name);
  if (state.difficulty) params.set('difficulty', state.difficulty);
  if (state.specialty) params.set('specialty', state.specialty);
  // Always present, so an address without it means "as last left".
  params.set('page', String(state.pageNum));
  return params;
}

/**
 * A course list's filters and page in the address (`?name=&difficulty=&specialty=&page=`), so
 * back and forward and a reload keep them. A `kept` list opened without them takes the ones it
 * was left with. `key` names what is shown, for `useKeptScroll`.
 */
export function useListState(list: string, kept: boolean) {
  const [params, setParams] = useSearchParams();
  const inAddress = ownKeys.some((k) => params.has(k));
  const search = inAddress
    ? write(read(params)).toString()
    : kept
      ? (lastSearch.get(list) ?? '')
      : '';
  const state = useMemo(() => read(new URLSearchParams(search)), [search]);

  useEffect(() => {
    if (!kept) return;
    if (inAddress) lastSearch.set(list, search);
    else setParams(write(state), { replace: true });
  }, [kept, list, search, state, inAddress, setParams]);

  /** Changes filters (back to the first page) or the page. */
  const update = (change: Partial<ListState>) =>
    setParams(write({ ...state, pageNum: 1, ...change }), { replace: true });

  return { state, update, key: `${list}?${search}`, inAddress };
}

/**
 * Scrolls back to where a kept list was left once it shows its data (`ready`), and remembers the
 * position while it is shown. The restore waits a frame: the shell scrolls to the top on every
 * navigation, after the page's own effects. The position is no longer taken once the list leaves
 * the page: the next page may be shorter and scroll the window up.
 */
export function useKeptScroll(key: string, ready: boolean) {
  useLayoutEffect(() => {
    if (!ready) return;
    const remember = () => scrollOf.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, ready]);
  useEffect(() => {
    const saved = ready ? scrollOf.get(key) : undefined;
    if (!saved) return;
    const frame = requestAnimationFrame(() => window.scrollTo(0, saved));
    return () => cancelAnimationFrame(frame);
  }, [key, ready]);
}
