import { useSearchParams } from 'react-router';

/** A list's filters, each one of its choices (or any text for `name`). */
export type FilterChoices<K extends string> = Record<K, readonly string[] | 'text'>;

export type Filters<K extends string> = Partial<Record<K, string>>;

/**
 * A list's filters and page in the address (`?name=&status=…&page=`), so back, forward and a
 * reload keep them. A value outside a filter's choices is ignored.
 */
export function useFilterParams<K extends string>(choices: FilterChoices<K>) {
  const [params, setParams] = useSearchParams();
  const filters: Filters<K> = {};
  for (const key of Object.keys(choices) as K[]) {
    const value = params.get(key)?.trim();
    const allowed = choices[key];
    if (value && (allowed === 'text' || allowed.includes(value))) filters[key] = value;
  }
  const page = Number(params.get('page'));
  const pageNum = Number.isInteger(page) && page > 0 ? page : 1;

  const write = (next: Filters<K>, nextPage: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next) as [K, string | undefined][])
      if (value) search.set(key, value);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { replace: true });
  };

  return {
    filters,
    pageNum,
    /** Changes a filter, back to the first page. */
    setFilter: (key: K, value: string | undefined) => write({ ...filters, [key]: value }, 1),
    setPage: (next: number) => write(filters, next),
  };
}
