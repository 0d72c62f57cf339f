import { describe, expect, it } from 'vitest';
import { attributeRules, richTextLimits, richTextSchema } from './document.ts';
import { RichTextError, sanitizeDocument, type RichDocument } from './index.ts';

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

const lesson: RichDocument = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: '1-1 串口通信' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Read the ' },
        {
          type: 'text',
          marks: [
            { type: 'link', attrs: { href: 'https://docs.example.com/uart?lang=en#baud' } },
            { type: 'bold' },
          ],
          text: 'datasheet',
        },
        { type: 'text', text: ', then run ' },
        { type: 'text', marks: [{ type: 'code' }], text: 'minicom -b 115200' },
        { type: 'hardBreak' },
        {
          type: 'text',
          marks: [{ type: 'italic' }, { type: 'underline' }, { type: 'strike' }],
          text: 'not before the board is powered',
        },
      ],
    },
    { type: 'image', attrs: { src: '/api-file/files/3f2a9c', alt: '接线图' } },
    { type: 'image', attrs: { src: '/api-file/files/board', alt: null } },
    {
      type: 'orderedList',
      attrs: { start: 3, type: null },
      content: [
        { type: 'listItem', content: [paragraph('Connect TX to RX')] },
        {
          type: 'listItem',
          content: [
            paragraph('Open the terminal'),
            {
              type: 'bulletList',
              content: [{ type: 'listItem', content: [paragraph('115200 8N1')] }],
            },
          ],
        },
      ],
    },
    {
      type: 'codeBlock',
      attrs: { language: 'python' },
      content: [{ type: 'text', text: 'import serial\nprint(serial.Serial("/dev/ttyS0"))' }],
    },
    { type: 'blockquote', content: [paragraph('Mind the voltage: 3.3 V, not 5 V.')] },
    { type: 'horizontalRule' },
    {
      type: 'paragraph',
      content: [
        {
          type: 'text',
          marks: [{ type: 'link', attrs: { href: 'mailto:teacher@example.edu' } }],
          text: 'Ask',
        },
      ],
    },
  ],
};

function refusal(json: unknown): RichTextError {
  try {
    sanitizeDocument(json);
  } catch (error) {
    if (error instanceof RichTextError) return error;
    throw error;
  }
  throw new Error('the document was accepted');
}

describe('sanitizeDocument', () => {
  it('answers a real document unchanged', () => {
    expect(sanitizeDocument(lesson)).toEqual(lesson);
    expect(sanitizeDocument(sanitizeDocument(lesson))).toEqual(lesson);
  });

  it('fills in default attributes and answers plain JSON', () => {
    const sanitized = sanitizeDocument(doc({ type: 'heading', content: [] }, paragraph('x')));
    expect(sanitized).toEqual(doc({ type: 'heading', attrs: { level: 1 } }, paragraph('x')));
    expect(Object.getPrototypeOf(sanitized.content?.[0]?.attrs)).toBe(Object.prototype);
  });

  it('gives a rule to every attribute of the schema, and to no other', () => {
    const schemaAttributes = [
      ...Object.values(richTextSchema.nodes),
      ...Object.values(richTextSchema.marks),
    ].flatMap((type) => Object.keys(type.spec.attrs ?? {}).map((name) => `${type.name}.${name}`));
    const ruled = Object.entries(attributeRules).flatMap(([type, rules]) =>
      Object.keys(rules).map((name) => `${type}.${name}`),
    );
    expect(ruled.sort()).toEqual(schemaAttributes.sort());
  });

  it.each([
    ['a document that is not one', 'just text'],
    ['another root', { type: 'paragraph', content: [] }],
    ['an unknown node', doc({ type: 'iframe', attrs: { src: 'https://x.example' } })],
    ['an unknown node inside', doc({ type: 'paragraph', content: [{ type: 'script' }] })],
    ['a table', doc({ type: 'table', content: [] })],
    [
      'an unknown mark',
      doc({
        type: 'paragraph',
        content: [
          { type: 'text', text: 'x', marks: [{ type: 'textStyle', attrs: { color: 'red' } }] },
        ],
      }),
    ],
    ['a node type from the prototype', doc({ type: 'constructor' })],
    ['text directly in the document', doc({ type: 'text', text: 'x' })],
    ['a paragraph inside a paragraph', doc({ type: 'paragraph', content: [paragraph('x')] })],
    ['a list item outside a list', doc({ type: 'listItem', content: [paragraph('x')] })],
    ['an empty document', doc()],
    ['empty text', doc({ type: 'paragraph', content: [{ type: 'text', text: '' }] })],
    ['text that is not a string', doc({ type: 'paragraph', content: [{ type: 'text', text: 5 }] })],
    ['content that is not a list', { type: 'doc', content: { 0: paragraph('x') } }],
    [
      'marks on a code block',
      doc({ type: 'codeBlock', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }),
    ],
    [
      'code with bold',
      doc({
        type: 'paragraph',
        content: [{ type: 'text', text: 'x', marks: [{ type: 'code' }, { type: 'bold' }] }],
      }),
    ],
    ['a heading level outside 1–4', doc({ type: 'heading', attrs: { level: 5 }, content: [] })],
  ])('refuses %s', (_name, json) => {
    expect(refusal(json).reason).toBe('shape');
  });

  it('drops attributes the schema does not know, event handlers and styles among them', () => {
    const sanitized = sanitizeDocument(
      doc(
        {
          type: 'paragraph',
          attrs: { onclick: 'alert(1)', style: 'color:red', class: 'x' },
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: 'https://x.example',
                    target: '_self',
                    rel: 'opener',
                    onmouseover: 'alert(1)',
                  },
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: { src: '/api-file/files/1', onerror: 'alert(1)', width: 10, style: 'x' },
          extra: { onload: 'alert(1)' },
        },
      ),
    );
    expect(sanitized).toEqual(
      doc(
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href: 'https://x.example' } }],
            },
          ],
        },
        { type: 'image', attrs: { src: '/api-file/files/1', alt: null } },
      ),
    );
  });

  it('keeps script tags in text as text', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(sanitizeDocument(doc(paragraph(text)))).toEqual(doc(paragraph(text)));
  });

  it('puts odd list and code attributes back to their defaults', () => {
    expect(
      sanitizeDocument(
        doc(
          {
            type: 'orderedList',
            attrs: { start: -4, type: 'disc' },
            content: [{ type: 'listItem', content: [paragraph('x')] }],
          },
          { type: 'codeBlock', attrs: { language: 'js" onclick="x' } },
        ),
      ),
    ).toEqual(
      doc(
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [{ type: 'listItem', content: [paragraph('x')] }],
        },
        { type: 'codeBlock', attrs: { language: null } },
      ),
    );
  });

  const hostileUrls = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript\u0000:alert(1)',
    '\u0001javascript:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'javascript&#58;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/png;base64,iVBORw0KGgo=',
    ' data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x.png',
    '',
  ];

  it.each(hostileUrls)('refuses the link %j', (href) => {
    const link = doc({
      type: 'paragraph',
      content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }],
    });
    expect(refusal(link).reason).toBe('url');
  });

  it.each([
    ...hostileUrls,
    'http://plain.example/x.png',
    '/other/x.png',
    '/api-file/../login',
    '/api-file/%2e%2e/login',
    '/api-file/./files/1',
    'https://user:pw@x.example/a.png',
    'https://cdn.example.com/board.png',
    'https://platform.invalid/api-file/files/1',
    'mailto:a@b.example',
  ])('refuses the image %j', (src) => {
    expect(refusal(doc({ type: 'image', attrs: { src } })).reason).toBe('url');
  });

  it('refuses links and images without an address', () => {
    expect(refusal(doc({ type: 'image' })).reason).toBe('url');
    expect(
      refusal(
        doc({
          type: 'paragraph',
          content: [{ type: 'text', text: 'x', marks: [{ type: 'link' }] }],
        }),
      ).reason,
    ).toBe('url');
  });

  it('refuses documents over the limits', () => {
    const many = doc(...Array.from({ length: richTextLimits.maxNodes / 2 }, () => paragraph('x')));
    expect(refusal(many).reason).toBe('size');
    const long = doc(paragraph('x'.repeat(richTextLimits.maxJsonLength)));
    expect(refusal(long).reason).toBe('size');
    let deep: unknown = paragraph('x');
    for (let i = 0; i < richTextLimits.maxDepth; i += 1)
      deep = { type: 'blockquote', content: [deep] };
    expect(refusal(doc(deep)).reason).toBe('size');
    const cyclic: { type: string; content: unknown[] } = { type: 'blockquote', content: [] };
    cyclic.content.push(cyclic);
    expect(refusal(doc(cyclic)).reason).toBe('size');
  });

  it('accepts a document just under the limits', () => {
    const big = doc(...Array.from({ length: 100 }, () => paragraph('字'.repeat(1_900))));
    expect(sanitizeDocument(big)).toEqual(big);
  });
});
