import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderView } from '../../test/render';
import type { MenuEntry } from '../../shared/permissions/menuRoutes';
import { MenuTiles } from './MenuTiles';

setupTestEnvironment();
polyfillBrowser();

function entry(id: string, title: string, extra: Partial<MenuEntry> = {}): MenuEntry {
  return {
    id,
    title,
    path: '',
    view: null,
    externalUrl: null,
    index: id,
    hidden: false,
    toJump: false,
    icon: null,
    activeMenu: null,
    keepAlive: false,
    routable: false,
    ancestors: [],
    children: [],
    ...extra,
  };
}
const page = (id: string, title: string, path: string, icon: string | null = null) =>
  entry(id, title, { path, view: 'View', routable: true, icon });

const entries = [
  page('1', '工作台', 'workbench', 'dashboard'),
  entry('2', '教学管理', {
    icon: 'read',
    children: [
      page('21', '教学任务', 'teaching/tasks', 'schedule'),
      entry('22', '课程', {
        children: [page('221', '课程列表', 'teaching/courses'), page('222', '隐藏页', 'x', null)],
      }),
    ],
  }),
  entry('3', '帮助', {
    children: [entry('31', '接口文档', { externalUrl: 'https://example.edu/api/docs' })],
  }),
];
entries[1]!.children[1]!.children[1]!.hidden = true;

describe('menu tiles', () => {
  it('shows each page as a tile with its icon, grouped under the top menu, hidden pages left out', () => {
    renderView(<MenuTiles entries={entries} schUrl="sch_edu" />);

    const workbench = screen.getByRole('link', { name: '工作台' });
    expect(workbench.getAttribute('href')).toBe('/sch_edu/workbench');
    expect(workbench.querySelector('.anticon-dashboard')).toBeTruthy();

    const teaching = screen.getByRole('region', { name: '教学管理' });
    const links = within(teaching).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['教学任务', '/sch_edu/teaching/tasks'],
      ['课程列表', '/sch_edu/teaching/courses'],
    ]);
    expect(links[0]!.querySelector('.anticon-schedule')).toBeTruthy();
    // A page without an icon of its own still shows one.
    expect(links[1]!.querySelector('.anticon-appstore')).toBeTruthy();
    expect(screen.queryByText('隐藏页')).toBeNull();

    const docs = within(screen.getByRole('region', { name: '帮助' })).getByRole('link', {
      name: /接口文档/,
    });
    expect(docs.getAttribute('href')).toBe('https://example.edu/api/docs');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(document.querySelectorAll('ul.menu-tiles li a.menu-tile')).toHaveLength(4);
  });
});
