import {
  courseDifficulties,
  courseSpecialties,
  type CourseDifficulty,
  type CourseSpecialty,
} from '@platform/contract';
import { useKeptSearch, type SearchCodec } from '../../../shared/keptList';

export { useKeptScroll } from '../../../shared/keptList';

/** What a course list shows: its filters and page, kept in the address. */
export interface ListState {
  name?: string | undefined;
  difficulty?: CourseDifficulty | undefined;
  specialty?: CourseSpecialty | undefined;
  pageNum: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

const codec: SearchCodec<ListState> = {
  keys: ['name', 'difficulty', 'specialty', 'page'],
  read(params) {
    const page = Number(params.get('page'));
    return {
      name: params.get('name')?.trim() || undefined,
      difficulty: oneOf(courseDifficulties, params.get('difficulty')),
      specialty: oneOf(courseSpecialties, params.get('specialty')),
      pageNum: Number.isInteger(page) && page > 0 ? page : 1,
    };
  },
  write(state) {
    const params = new URLSearchParams();
    if (state.name) params.set('name', state.name);
    if (state.difficulty) params.set('difficulty', state.difficulty);
    if (state.specialty) params.set('specialty', state.specialty);
    params.set('page', String(state.pageNum));
    return params;
  },
};

/**
 * A course list's filters and page in the address (`?name=&difficulty=&specialty=&page=`), so
 * back and forward and a reload keep them; the course hall is `kept` (see `useKeptSearch`).
 */
export function useListState(list: string, kept: boolean) {
  const { state, show, key, inAddress } = useKeptSearch(list, kept, codec);

  /** Changes filters (back to the first page) or the page. */
  const update = (change: Partial<ListState>) => show({ ...state, pageNum: 1, ...change });

  return { state, update, key, inAddress };
}
