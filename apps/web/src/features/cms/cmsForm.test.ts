import { describe, expect, it } from 'vitest';
import {
  articleSaveSchema,
  catalogSaveSchema,
  cmsNoticeSaveSchema,
  type CmsCatalog,
} from '@platform/contract';
import {
  articleBodyOf,
  catalogBodyOf,
  catalogTreeOf,
  catalogValuesOf,
  nameIn,
  noticeBodyOf,
  subtreeIds,
} from './cmsForm';
import { sampleCatalog } from './testing';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('the catalogue tree', () => {
  const rows: CmsCatalog[] = [
    sampleCatalog({ id: '1' }),
    sampleCatalog({ id: '2', parentId: '1' }),
    sampleCatalog({ id: '3', parentId: '2' }),
    sampleCatalog({ id: '4' }),
    sampleCatalog({ id: '5', parentId: 'gone' }),
  ];

  it('nests catalogues under their parents in the order given', () => {
    const tree = catalogTreeOf(rows);
    expect(tree.map((n) => n.id)).toEqual(['1', '4', '5']);
    expect(tree[0]!.children!.map((n) => n.id)).toEqual(['2']);
    expect(tree[0]!.children![0]!.children!.map((n) => n.id)).toEqual(['3']);
    expect(tree[1]!.children).toBeUndefined();
  });

  it('never offers a catalogue or one under it as its own parent', () => {
    expect([...subtreeIds(rows, '1')].sort()).toEqual(['1', '2', '3']);
    expect([...subtreeIds(rows, '4')]).toEqual(['4']);
  });
});

describe('save bodies', () => {
  it('makes a catalogue the contract accepts, and refuses one without a name or link', () => {
    const ok = catalogBodyOf({ ...catalogValuesOf(undefined), nameZh: ' 新闻 ', sortNumber: 2 });
    expect(catalogSaveSchema.safeParse(ok).success).toBe(true);
    expect(ok).toMatchObject({ name: { zh: '新闻', en: '' }, isPublish: 0, isDisplay: 1 });
    const empty = catalogSaveSchema.safeParse(catalogBodyOf({ type: 'link', sortNumber: 1 }));
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'required'],
      ['link', 'required'],
    ]);
    const noLink = catalogSaveSchema.safeParse(
      catalogBodyOf({ nameEn: 'Partner', type: 'link', sortNumber: 1 }),
    );
    expect(noLink.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['link', 'required'],
    ]);
  });

  it('keeps only the languages of an article that hold content', () => {
    const body = articleBodyOf({
      titleEn: 'News',
      catalogId: '1',
      summaryEn: 'S',
      author: 'A',
      contentZh: { type: 'doc', content: [{ type: 'paragraph' }] },
      contentEn: doc('Body'),
    });
    expect(body.content).toEqual({ en: doc('Body') });
    expect(articleSaveSchema.safeParse(body).success).toBe(true);
    const blank = articleSaveSchema.safeParse(articleBodyOf({ titleEn: 'News' }));
    expect(blank.error?.issues.map((i) => i.path[0])).toEqual([
      'catalogId',
      'summary',
      'author',
      'content',
    ]);
  });

  it('sends the summary in both languages and refuses one too long in English on it', () => {
    const base = { titleEn: 'News', catalogId: '1', author: 'A', contentEn: doc('Body') };
    const both = articleBodyOf({ ...base, summaryZh: ' 摘要 ', summaryEn: 'Summary' });
    expect(both.summary).toEqual({ zh: '摘要', en: 'Summary' });
    expect(articleSaveSchema.safeParse(both).success).toBe(true);
    const long = articleSaveSchema.safeParse(
      articleBodyOf({ ...base, summaryZh: '摘要', summaryEn: 'x'.repeat(245) }),
    );
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['summary.en', 'too_long'],
    ]);
  });

  it('leaves out a description blank in both languages', () => {
    const parsed = cmsNoticeSaveSchema.safeParse(
      noticeBodyOf({ titleZh: '通知', source: '运营中心', descriptionZh: ' ', descriptionEn: '' }),
    );
    expect(parsed.data?.description).toBeUndefined();
    const catalog = catalogValuesOf(sampleCatalog({ description: { en: 'All news' } }));
    expect([catalog.descriptionZh, catalog.descriptionEn]).toEqual(['', 'All news']);
    expect(catalogBodyOf(catalog).description).toEqual({ zh: '', en: 'All news' });
  });

  it('needs a notice title and source', () => {
    const blank = cmsNoticeSaveSchema.safeParse(noticeBodyOf({ descriptionZh: ' x ' }));
    expect(blank.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', 'required'],
      ['source', 'required'],
    ]);
    const ok = noticeBodyOf({ titleZh: '通知', source: '运营中心' });
    expect(cmsNoticeSaveSchema.safeParse(ok).success).toBe(true);
  });

  it('names in the reader’s language, else the other one', () => {
    expect(nameIn({ zh: '新闻', en: 'News' }, 'en-US')).toBe('News');
    expect(nameIn({ zh: '新闻' }, 'en-US')).toBe('新闻');
    expect(nameIn({ en: 'News' }, 'zh-CN')).toBe('News');
  });
});
