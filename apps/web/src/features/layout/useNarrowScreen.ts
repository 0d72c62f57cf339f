import { useSyncExternalStore } from 'react';

/** Below antd's `md` width the side menu would leave the page too little room. */
const query = '(max-width: 767px)';

const media = () => window.matchMedia(query);

function subscribe(onChange: () => void) {
  const list = media();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export const isNarrowScreen = () => media().matches;

/** Whether the window is narrow, kept current as it is resized or turned. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false);
}
