import { describe, expect, it } from 'vitest';
import { menuSeed } from '../seed/system.seed';
import type { MenuChildSeed, MenuSeed } from './menu-seed';

describe('seeded menu icons', () => {
  it('gives every entry the menus show an icon', () => {
    const missing: string[] = [];
    const walk = (entries: readonly (MenuSeed | MenuChildSeed)[]) => {
      for (const entry of entries) {
        if (!entry.hidden && !entry.icon) missing.push(entry.name);
        if ('children' in entry && entry.children) walk(entry.children);
      }
    };
    walk(menuSeed);
    expect(missing).toEqual([]);
  });
});
