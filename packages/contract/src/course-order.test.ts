import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chapterNumber,
  chineseNumber,
  orderChapters,
  orderSteps,
  stepNumber,
} from './course-order';

/** 1 234 → 一千二百三十四, 10 → 十, 105 → 一百零五, as people write chapter numbers. */
function chinese(n: number): string {
  const digits = '零一二三四五六七八九';
  const units = ['', '十', '百', '千'];
  const parts = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  parts.forEach((d, i) => {
    const unit = units[parts.length - 1 - i]!;
    if (d === 0) {
      zero = true;
      return;
    }
    if (zero && out) out += '零';
    zero = false;
    out += (d === 1 && unit === '十' && i === 0 ? '' : digits[d]) + unit;
  });
  return out || '零';
}

describe('chapter and step numbers', () => {
  it('reads the number after the chapter marker in either language', () => {
    expect(chapterNumber('第3章 传感器')).toBe(3);
    expect(chapterNumber('第十二章 网关')).toBe(12);
    expect(chapterNumber('第一百零五章')).toBe(105);
    expect(chapterNumber('Chapter 7: MQTT')).toBe(7);
    expect(chapterNumber('chapter 10')).toBe(10);
    expect(chapterNumber('第１２章 全角')).toBe(12);
    expect(chapterNumber('导论')).toBeNull();
    expect(chapterNumber('Appendix 3')).toBeNull();
  });

  it('reads the leading n-m pair of a step', () => {
    expect(stepNumber('1-2 安装环境')).toEqual([1, 2]);
    expect(stepNumber('10-3 Wiring')).toEqual([10, 3]);
    expect(stepNumber('2.11 Publish')).toEqual([2, 11]);
    expect(stepNumber('实验总结')).toBeNull();
    expect(stepNumber('Step 1-2')).toBeNull();
  });

  it('reads every Chinese numeral below ten thousand as written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (n) => {
        expect(chineseNumber(chinese(n))).toBe(n);
        expect(chapterNumber(`第${chinese(n)}章 内容`)).toBe(n);
      }),
    );
  });
});

describe('course order', () => {
  it('orders chapters by number, unnumbered ones last in their stored order', () => {
    const names = ['第十章 项目', '附录', '第2章 协议', 'Chapter 1 Intro', '总结', '第三章 实践'];
    expect(orderChapters(names, (n) => n)).toEqual([
      'Chapter 1 Intro',
      '第2章 协议',
      '第三章 实践',
      '第十章 项目',
      '附录',
      '总结',
    ]);
  });

  it('orders steps by their n-m pair numerically, not as text', () => {
    const names = ['1-10 十', '1-2 二', '实验报告', '1-1 一', '2-1 下一节'];
    expect(orderSteps(names, (n) => n)).toEqual([
      '1-1 一',
      '1-2 二',
      '1-10 十',
      '2-1 下一节',
      '实验报告',
    ]);
  });

  const stepName = fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.string())
      .map(([a, b, rest]) => `${a}-${b} ${rest}`),
    fc.string(),
  );

  it('keeps every step, puts numbered ones first in ascending order, and is stable', () => {
    fc.assert(
      fc.property(fc.array(stepName, { maxLength: 40 }), (names) => {
        const items = names.map((name, index) => ({ name, index }));
        const ordered = orderSteps(items, (s) => s.name);
        expect([...ordered].sort((a, b) => a.index - b.index)).toEqual(items);
        const keys = ordered.map((s) => stepNumber(s.name));
        const firstUnnumbered = keys.findIndex((k) => k === null);
        if (firstUnnumbered >= 0)
          expect(keys.slice(firstUnnumbered).every((k) => k === null)).toBe(true);
        for (let i = 1; i < ordered.length; i++) {
          const [a, b] = [keys[i - 1], keys[i]];
          if (!a || !b) continue;
          const cmp = a[0] - b[0] || a[1] - b[1];
          expect(cmp).toBeLessThanOrEqual(0);
          if (cmp === 0) expect(ordered[i - 1]!.index).toBeLessThan(ordered[i]!.index);
        }
        const unnumbered = ordered.filter((s) => stepNumber(s.name) === null).map((s) => s.index);
        expect(unnumbered).toEqual([...unnumbered].sort((a, b) => a - b));
        expect(orderSteps(ordered, (s) => s.name)).toEqual(ordered);
      }),
    );
  });
});
