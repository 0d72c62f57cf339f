import { describe, expect, it } from 'vitest';
import { grantTreeData, indexTree, knownGrants, sameGrants, toggleGrant } from './grantTree';
import { sampleTree } from '../menus/testing';

const sorted = (ids: Set<string>) => [...ids].sort();

describe('grant tree', () => {
  const index = indexTree(sampleTree());

  it('checking a button grants its page and the top item too', () => {
    expect(sorted(toggleGrant(index, new Set(), '112', true))).toEqual(['1', '11', '112']);
  });

  it('checking a group grants everything below it', () => {
    expect(sorted(toggleGrant(index, new Set(['2']), '1', true))).toEqual([
      '1',
      '11',
      '111',
      '112',
      '2',
    ]);
  });

  it('unchecking takes the entry and everything below it away and keeps the parents', () => {
    const all = new Set(['1', '11', '111', '112', '2', '21']);
    expect(sorted(toggleGrant(index, all, '11', false))).toEqual(['1', '2', '21']);
    expect(sorted(toggleGrant(index, all, '112', false))).toEqual(['1', '11', '111', '2', '21']);
  });

  it('never changes the set it was given', () => {
    const given = new Set(['1']);
    toggleGrant(index, given, '1', false);
    expect(sorted(given)).toEqual(['1']);
  });

  it('drops grants of entries that are no longer in the tree and compares sets', () => {
    expect(sorted(knownGrants(index, ['1', '999', '21']))).toEqual(['1', '21']);
    expect(sameGrants(new Set(['1', '2']), new Set(['2', '1']))).toBe(true);
    expect(sameGrants(new Set(['1']), new Set(['1', '2']))).toBe(false);
  });

  it('names entries in the UI language and marks buttons with their permission key', () => {
    const [school] = grantTreeData(sampleTree(), 'en');
    expect(school).toMatchObject({ key: '1', title: 'School management', isButton: false });
    expect(school!.children[0]!.children.map((b) => [b.title, b.isButton, b.permission])).toEqual([
      ['新增班级', true, 'class.add'],
      ['删除班级', true, 'class.delete'],
    ]);
    expect(grantTreeData(sampleTree(), 'zh')[0]!.title).toBe('学校管理');
  });
});
