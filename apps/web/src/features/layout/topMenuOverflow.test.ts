import { describe, expect, it } from 'vitest';
import { itemWidths, splitTopMenu, topMenuItemWidth } from './topMenuOverflow';

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
  const estimated = (titles: string[]) => titles.map(topMenuItemWidth);
  const titles = estimated(['工作台', '个人中心', '接口文档']);

  it('shows everything, without a more button, when all items fit', () => {
    expect(splitTopMenu(titles, 274)).toEqual({ visibleCount: 3, hasMore: false });
    expect(splitTopMenu(titles, 1000)).toEqual({ visibleCount: 3, hasMore: false });
    expect(splitTopMenu([], 0)).toEqual({ visibleCount: 0, hasMore: false });
  });

  it('reserves 220 for the more button once something does not fit', () => {
    const four = [...titles, ...estimated(['课程中心'])]; // 82 + 96 + 96 + 96 = 370
    expect(splitTopMenu(four, 370)).toEqual({ visibleCount: 4, hasMore: false });
    expect(splitTopMenu(four, 369)).toEqual({ visibleCount: 1, hasMore: true });
    expect(splitTopMenu(four, 301)).toEqual({ visibleCount: 0, hasMore: true });
    expect(splitTopMenu(four, 302)).toEqual({ visibleCount: 1, hasMore: true });
    const six = [...four, ...estimated(['资源管理', '教学管理'])]; // 562 in all
    expect(splitTopMenu(six, 500)).toEqual({ visibleCount: 3, hasMore: true }); // 220 + 82 + 96 + 96
    expect(splitTopMenu(six, 589)).toEqual({ visibleCount: 6, hasMore: false });
  });

  it('keeps the order: later items go into the dropdown', () => {
    const many = estimated(Array.from({ length: 10 }, (_, i) => `菜单${i}`)); // 3 chars each: 82
    expect(splitTopMenu(many, 600)).toEqual({ visibleCount: 4, hasMore: true }); // 220 + 4 × 82 = 548
  });
});

describe('measured widths', () => {
  const english = ['Workbench', 'My courses', 'My tasks', 'My reports', 'Experimental centre'];

  it('split by what the browser rendered, not by the estimate', () => {
    // Estimated at 14 per character plus 40, these five take 984 pixels; rendered at 15 px, 509.
    const rendered = [104, 107, 90, 102, 106];
    const { widths, moreWidth } = itemWidths(english, rendered, 90);
    expect(widths.reduce((a, b) => a + b)).toBe(509);
    expect(splitTopMenu(widths, 600, moreWidth)).toEqual({ visibleCount: 5, hasMore: false });
    const estimate = itemWidths(english, null, null);
    expect(splitTopMenu(estimate.widths, 600, estimate.moreWidth).hasMore).toBe(true);
    // Tighter than all: the measured more button, not 220, is reserved.
    expect(splitTopMenu(widths, 480, moreWidth)).toEqual({ visibleCount: 3, hasMore: true });
  });

  it('fall back to the estimate for items not measured (zero or missing)', () => {
    const { widths, moreWidth } = itemWidths(['工作台', 'Workbench'], [0], 0);
    expect(widths).toEqual([82, 9 * 14 + 40]);
    expect(moreWidth).toBe(220);
    expect(itemWidths(['工作台'], [81.2], null).widths).toEqual([82]);
  });
});
