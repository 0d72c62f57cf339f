import { describe, expect, it } from 'vitest';
import { catalogTarget, splitNavEntries } from './navigation';

const entries = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('the catalogue navigation’s columns', () => {
  it('puts up to 6 entries in the first column and no More', () => {
    expect(splitNavEntries(entries(0))).toEqual({ first: [], second: [], more: false });
    expect(splitNavEntries(entries(6))).toEqual({
      first: [1, 2, 3, 4, 5, 6],
      second: [],
      more: false,
    });
  });

  it('puts entries 7 to 11 in the second column', () => {
    expect(splitNavEntries(entries(7))).toEqual({
      first: [1, 2, 3, 4, 5, 6],
      second: [7],
      more: false,
    });
    expect(splitNavEntries(entries(11))).toMatchObject({ second: [7, 8, 9, 10, 11], more: false });
  });

  it('shows More past 11 entries and leaves the rest out', () => {
    const split = splitNavEntries(entries(15));
    expect(split).toEqual({ first: [1, 2, 3, 4, 5, 6], second: [7, 8, 9, 10, 11], more: true });
  });
});

describe('where a catalogue leads', () => {
  const catalog = { id: '9', type: 'catalog' as const, link: '', isExistContent: true };

  it('opens the catalogue’s page with its parent and group', () => {
    expect(catalogTarget(catalog, '5', '1')).toEqual({
      kind: 'internal',
      to: '/home/index?id=9&pid=5&gid=1',
    });
    expect(catalogTarget(catalog)).toEqual({ kind: 'internal', to: '/home/index?id=9' });
  });

  it('leaves a catalogue without content unlinked', () => {
    expect(catalogTarget({ ...catalog, isExistContent: false }, '5', '1')).toEqual({
      kind: 'none',
    });
  });

  it('opens a link catalogue’s link, outside addresses as such', () => {
    expect(catalogTarget({ ...catalog, type: 'link', link: '/home/partner' })).toEqual({
      kind: 'internal',
      to: '/home/partner',
    });
    expect(catalogTarget({ ...catalog, type: 'link', link: 'https://example.com/x' })).toEqual({
      kind: 'external',
      href: 'https://example.com/x',
    });
  });
});
