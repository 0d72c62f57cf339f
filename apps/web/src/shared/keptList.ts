import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { subscribeToken } from './session';

/**
 * The lists the spec keeps cached (spec platform §2: the course hall and the environment list):
 * their last address and scroll position, for the whole visit, so a list opened again from the
 * menu comes back as it was left. Another user starts afresh.
 */
const lastSearch = new Map<string, string>();
const scrollOf = new Map<string, number>();
subscribeToken(() => {
  lastSearch.clear();
  scrollOf.clear();
});

/** How a list's filters and page are read from and written to the address. */
export interface SearchCodec<S> {
  /** The query keys the list owns. */
  keys: readonly string[];
  read(params: URLSearchParams): S;
  /** Always writes the page, so an address without any key means "as last left". */
  write(state: S): URLSearchParams;
}

/**
 * A list's filters and page in the address, so back and forward and a reload keep them. A `kept`
 * list opened without them takes the ones it was left with. `key` names what is shown, for
 * `useKeptScroll`. `codec` must not change between renders.
 */
export function useKeptSearch<S>(list: string, kept: boolean, codec: SearchCodec<S>) {
  const [params, setParams] = useSearchParams();
  const inAddress = codec.keys.some((k) => params.has(k));
  const search = inAddress
    ? codec.write(codec.read(params)).toString()
    : kept
      ? (lastSearch.get(list) ?? '')
      : '';
  const state = useMemo(() => codec.read(new URLSearchParams(search)), [codec, search]);

  useEffect(() => {
    if (!kept) return;
    if (inAddress) lastSearch.set(list, search);
    else setParams(codec.write(state), { replace: true });
  }, [codec, kept, list, search, state, inAddress, setParams]);

  /** Shows the list with these filters and page. */
  const show = (next: S) => setParams(codec.write(next), { replace: true });

  return { state, show, key: `${list}?${search}`, inAddress };
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
