import { describe, expect, it } from 'vitest';
import { splitTopMenu, topMenuItemWidth } from './topMenuOverflow';

describe('top menu item width', () => {
  it('is 150 without a title', () => {
    expect(topMenuItemWidth(undefined)).toBe(150);
    expect(topMenuItemWidth(null)).toBe(150);
    expect(topMenuItemWidth('')).toBe(150);
    expect(topMenuItemWidth('   ')).toBe(150);
  });

  it('is 14 per character plus 40', () => {
    expect(topMenuItemWidth('工作台')).toBe(3 * 14 + 40);
    expect(topMenuItemWidth('个人中心')).toBe(4 * 14 + 40);
    expect(topMenuItemWidth('Workbench')).toBe(9 * 14 + 40);
  });

  it('is at least 80', () => {
    expect(topMenuItemWidth('A')).toBe(80);
    expect(topMenuItemWidth('课程')).toBe(80); // 2 × 14 + 40 = 68
  });
});

describe('top menu overflow', () => {
  // 工作台 = 82, 个人中心 = 96, 接口文档 = 96: 274 in all
  const titles = ['工作台', '个人中心', '接口文档'];

  it('shows everything, without a more button, when all items fit', () => {
    expect(splitTopMenu(titles, 274)).toEqual({ visibleCount: 3, hasMore: false });
    expect(splitTopMenu(titles, 1000)).toEqual({ visibleCount: 3, hasMore: false });
    expect(splitTopMenu([], 0)).toEqual({ visibleCount: 0, hasMore: false });
  });

  it('reserves 220 for the more button once something does not fit', () => {
    const four = [...titles, '课程中心']; // 82 + 96 + 96 + 96 = 370
    expect(splitTopMenu(four, 370)).toEqual({ visibleCount: 4, hasMore: false });
    expect(splitTopMenu(four, 369)).toEqual({ visibleCount: 1, hasMore: true });
    expect(splitTopMenu(four, 301)).toEqual({ visibleCount: 0, hasMore: true });
    expect(splitTopMenu(four, 302)).toEqual({ visibleCount: 1, hasMore: true });
    const six = [...four, '资源管理', '教学管理']; // 562 in all
    expect(splitTopMenu(six, 500)).toEqual({ visibleCount: 3, hasMore: true }); // 220 + 82 + 96 + 96
    expect(splitTopMenu(six, 589)).toEqual({ visibleCount: 6, hasMore: false });
  });

  it('keeps the order: later items go into the dropdown', () => {
    const many = Array.from({ length: 10 }, (_, i) => `菜单${i}`); // 3 chars each: 82
    expect(splitTopMenu(many, 600)).toEqual({ visibleCount: 4, hasMore: true }); // 220 + 4 × 82 = 548
  });
});
