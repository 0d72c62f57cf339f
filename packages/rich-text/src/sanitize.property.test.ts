// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderHtml, RichTextError, sanitizeDocument } from './index.ts';

const hostile = fc.constantFrom(
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '&#106;avascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '" onerror="alert(1)',
  "' onload='alert(1)",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'color:red',
  'https://ok.example/a.png',
  'http://ok.example/',
  'mailto:a@b.example',
  '/api-file/files/1',
  '/api-file/../x',
  '_blank',
  'python',
);
const value = fc.oneof(
  hostile,
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -2, max: 7 }),
  fc.constant(null),
  fc.boolean(),
);
const attrs = fc.dictionary(
  fc.constantFrom(
    'level',
    'href',
    'src',
    'alt',
    'language',
    'start',
    'type',
    'target',
    'rel',
    'class',
    'style',
    'onclick',
    'onerror',
    'title',
    '__proto__',
  ),
  value,
  { maxKeys: 4 },
);
const markType = fc.constantFrom(
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'link',
  'link',
  'textStyle',
);
const marks = fc.uniqueArray(fc.record({ type: markType, attrs }, { requiredKeys: ['type'] }), {
  maxLength: 3,
  selector: (mark) => mark.type,
});
const someText = fc.oneof(hostile, fc.string({ minLength: 1, maxLength: 12 }));
const text = fc.record(
  { type: fc.constant('text'), text: someText, marks },
  { requiredKeys: ['type', 'text'] },
);
const stray = fc.record(
  {
    type: fc.constantFrom('iframe', 'script', 'div', 'table', 'doc', 'text', 'listItem'),
    attrs,
    text: someText,
  },
  { requiredKeys: ['type'] },
);
/** Mostly what the editor writes, now and then something it never would. */
const often = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 30 }, { arbitrary: stray, weight: 1 });
const inline = fc.array(
  often(
    fc.oneof(
      { arbitrary: text, weight: 5 },
      { arbitrary: fc.constant({ type: 'hardBreak' }), weight: 1 },
    ),
  ),
  {
    minLength: 1,
    maxLength: 4,
  },
);

const { block } = fc.letrec<{ block: unknown }>((tie) => {
  const blocks = fc.array(often(tie('block')), { minLength: 1, maxLength: 3 });
  const paragraph = fc.record(
    { type: fc.constant('paragraph'), attrs, content: inline },
    { requiredKeys: ['type', 'content'] },
  );
  const listItem = fc.record({
    type: fc.constant('listItem'),
    content: fc
      .tuple(paragraph, fc.array(tie('block'), { maxLength: 2 }))
      .map(([first, rest]) => [first, ...rest]),
  });
  return {
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      paragraph,
      fc.record(
        { type: fc.constant('heading'), attrs, content: inline },
        { requiredKeys: ['type', 'content'] },
      ),
      fc.record(
        {
          type: fc.constant('codeBlock'),
          attrs,
          content: fc.array(fc.record({ type: fc.constant('text'), text: someText }), {
            maxLength: 1,
          }),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('image'), attrs }),
      fc.constant({ type: 'horizontalRule' }),
      fc.record({ type: fc.constant('blockquote'), content: blocks }),
      fc.record(
        {
          type: fc.constantFrom('bulletList', 'orderedList'),
          attrs,
          content: fc.array(listItem, { minLength: 1, maxLength: 3 }),
        },
        { requiredKeys: ['type', 'content'] },
      ),
    ),
  };
});
const documentLike = fc.record({
  type: fc.constant('doc'),
  content: fc.array(often(block), { minLength: 1, maxLength: 4 }),
});

const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

function unsafeParts(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH'].includes(element.tagName))
      found.push(element.tagName);
    for (const { name, value: attribute } of element.attributes) {
      if (/^on/i.test(name) || name === 'style') found.push(name);
      if (name === 'href' || name === 'src') {
        const url = new URL(attribute, 'https://platform.example/');
        if (!allowedProtocols.has(url.protocol)) found.push(`${name}=${attribute}`);
      }
    }
  }
  return found;
}

function check(input: unknown): 'accepted' | 'refused' {
  let sanitized;
  try {
    sanitized = sanitizeDocument(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RichTextError);
    return 'refused';
  }
  expect(sanitizeDocument(sanitized)).toEqual(sanitized);
  const html = renderHtml(sanitized);
  expect(unsafeParts(html)).toEqual([]);
  expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/<[^>]*style=/i);
  expect(html).not.toMatch(/="\s*javascript:/i);
  return 'accepted';
}

describe('sanitizeDocument on any input', () => {
  it('refuses arbitrary JSON with a RichTextError or answers a fixed point with safe HTML', () => {
    fc.assert(fc.property(fc.jsonValue(), (json) => void check(json)));
    fc.assert(fc.property(fc.jsonValue(), (json) => void check({ type: 'doc', content: [json] })));
  });

  it('does the same for document-like trees with hostile values', () => {
    const outcomes = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(documentLike, (input) => {
        outcomes[check(input)] += 1;
      }),
      { numRuns: 1_000 },
    );
    expect(outcomes.accepted).toBeGreaterThan(50);
  });
});
