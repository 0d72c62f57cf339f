import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { areaPath, menuTarget, type MenuEntry } from '../../shared/permissions/menuRoutes';

/**
 * Opening a menu entry: link type 2 (or an http url) opens a new window; an entry flagged
 * toJump goes to its own path; anything else to its first visible leaf.
 */
export function useOpenMenuEntry(schUrl: string): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return useCallback(
    (entry: MenuEntry) => {
      const target = menuTarget(entry);
      if (!target) return;
      if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
      else void navigate(areaPath(schUrl, target.path));
    },
    [navigate, schUrl],
  );
}

/** A plain left click (no modifier) is handled in the app; others keep the browser's default. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
