import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@platform/contract';
import {
  buildMenuRoutes,
  currentEntry,
  firstVisibleLeaf,
  highlightedEntry,
  menuTarget,
  selectedTop,
} from './menuRoutes';
import { menuNode } from '../../test/helpers';

const node = (partial: Partial<MenuNode> & { url: string }) => menuNode({ index: '', ...partial });

function seedTree(): MenuNode[] {
  return [
    node({ url: 'workbench', name: '工作台', index: '1', sort: 1 }),
    node({
      url: 'personal',
      name: '个人中心',
      index: '2',
      sort: 90,
      children: [
        node({ url: 'personal/info', name: '我的信息', index: '2-1', sort: 1 }),
        node({
          url: 'path:personal/password,component:PersonalPassword',
          name: '修改密码',
          index: '2-2',
          sort: 2,
        }),
      ],
    }),
    node({
      url: '/api/docs',
      name: '接口文档',
      index: '3',
      sort: 95,
      linkType: 2,
      linkValue: '/api/docs',
    }),
  ];
}

describe('menu tree → routes', () => {
  it('reads path:X,component:Y, plain urls and external links', () => {
    const menu = buildMenuRoutes(seedTree());
    expect(menu.routes.map((r) => [r.path, r.view])).toEqual([
      ['workbench', 'workbench'],
      ['personal/info', 'personal/info'],
      ['personal/password', 'PersonalPassword'],
    ]);
    expect([...menu.paths].sort()).toEqual(['personal/info', 'personal/password', 'workbench']);
    const docs = menu.entries[2]!;
    expect(docs.externalUrl).toBe('/api/docs');
    expect(docs.routable).toBe(false);
    expect(menuTarget(docs)).toEqual({ kind: 'external', url: '/api/docs' });
  });

  it('treats a url with http as an external link', () => {
    const menu = buildMenuRoutes([node({ url: 'https://example.org/llm', name: 'LLM' })]);
    expect(menu.routes).toEqual([]);
    expect(menu.entries[0]!.externalUrl).toBe('https://example.org/llm');
  });

  it('takes the view from customFields component when the url does not name one', () => {
    const menu = buildMenuRoutes([
      node({
        url: '/courses/list',
        customFields: 'name:Courses|component:CourseList|keepAlive:true|icon:book',
      }),
    ]);
    const [route] = menu.routes;
    expect(route!.path).toBe('courses/list');
    expect(route!.view).toBe('CourseList');
    expect(route!.keepAlive).toBe(true);
    expect(route!.icon).toBe('book');
  });

  it('sorts by sort and keeps only type-1 entries', () => {
    const menu = buildMenuRoutes([
      node({ url: 'b', sort: 2 }),
      node({ url: 'button', sort: 0, type: 2 }),
      node({ url: 'a', sort: 1 }),
    ]);
    expect(menu.entries.map((e) => e.path)).toEqual(['a', 'b']);
  });

  it('keeps hidden entries routable but never picks them as the first visible leaf', () => {
    const menu = buildMenuRoutes([
      node({ url: 'secret', hidden: true, index: '1' }),
      node({
        url: 'group',
        index: '2',
        children: [
          node({
            url: 'group/hidden-detail',
            hidden: true,
            index: '2-1',
            meta: {
              title: 'd',
              linkType: 1,
              linkValue: null,
              activeMenu: 'group/list',
              icon: null,
            },
          }),
          node({ url: 'group/list', index: '2-2' }),
        ],
      }),
    ]);
    expect(menu.paths.has('secret')).toBe(true);
    expect(menu.firstLeaf?.path).toBe('group/list');
    const detail = menu.byPath.get('group/hidden-detail')!;
    expect(highlightedEntry(menu, detail)?.path).toBe('group/list');
  });

  it('finds the first visible leaf depth first, skipping external links and empty groups', () => {
    const menu = buildMenuRoutes([
      node({ url: 'https://example.org', index: '1' }),
      node({
        url: 'empty',
        index: '2',
        children: [node({ url: 'empty/x', hidden: true, index: '2-1' })],
      }),
      node({
        url: 'g',
        index: '3',
        children: [
          node({
            url: 'g/sub',
            index: '3-1',
            children: [node({ url: 'g/sub/leaf', index: '3-1-1' })],
          }),
        ],
      }),
    ]);
    expect(firstVisibleLeaf(menu.entries)?.path).toBe('g/sub/leaf');
    expect(menu.firstLeaf?.path).toBe('g/sub/leaf');
    expect(buildMenuRoutes([]).firstLeaf).toBeNull();
  });

  it('sends a top item to its first visible leaf, or to its own path when flagged toJump', () => {
    const menu = buildMenuRoutes([
      node({
        url: 'personal',
        index: '1',
        children: [node({ url: 'personal/info', index: '1-1' })],
      }),
      node({
        url: 'dashboard',
        index: '2',
        toJump: true,
        children: [node({ url: 'dashboard/detail', index: '2-1' })],
      }),
    ]);
    expect(menuTarget(menu.entries[0]!)).toEqual({ kind: 'route', path: 'personal/info' });
    expect(menuTarget(menu.entries[1]!)).toEqual({ kind: 'route', path: 'dashboard' });
    expect(menu.paths.has('personal')).toBe(false);
    expect(menu.paths.has('dashboard')).toBe(true);
  });

  it('selects the top item from the first part of the current entry index', () => {
    const menu = buildMenuRoutes(seedTree());
    const info = currentEntry(menu, 'personal/info', null);
    expect(selectedTop(menu, info)?.path).toBe('personal');
    expect(selectedTop(menu, currentEntry(menu, 'workbench', null))?.path).toBe('workbench');
    // A path without an entry falls back to the remembered active menu.
    expect(currentEntry(menu, 'somewhere/else', 'personal/password')?.path).toBe(
      'personal/password',
    );
    expect(currentEntry(menu, 'somewhere/else', null)).toBeNull();
  });
});
