import { describe, expect, it } from 'vitest';
import {
  plainText,
  renderHtml,
  RichTextError,
  sanitizeDocument,
  type RichDocument,
} from './index.ts';

const forbidden = [/\son[a-z]+\s*=/i, /javascript:/i, /style=/i];

describe('renderHtml', () => {
  it('renders every node and mark', () => {
    const doc = sanitizeDocument({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Wiring' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'see ' },
            {
              type: 'text',
              text: 'docs',
              marks: [
                { type: 'link', attrs: { href: 'https://x.example/?a=1&b="2"' } },
                { type: 'bold' },
              ],
            },
            { type: 'hardBreak' },
            { type: 'text', text: 'run', marks: [{ type: 'code' }] },
          ],
        },
        { type: 'image', attrs: { src: '/api-file/files/9', alt: 'board' } },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }],
            },
          ],
        },
        {
          type: 'codeBlock',
          attrs: { language: 'sh' },
          content: [{ type: 'text', text: 'ls > out' }],
        },
        { type: 'horizontalRule' },
      ],
    });
    expect(renderHtml(doc)).toBe(
      '<h3>Wiring</h3>' +
        '<p>see <strong><a target="_blank" rel="noopener noreferrer" href="https://x.example/?a=1&amp;b=&quot;2&quot;">docs</a></strong><br/><code>run</code></p>' +
        '<img src="/api-file/files/9" alt="board"/>' +
        '<ul><li><p>one</p></li></ul>' +
        '<pre><code class="language-sh">ls &gt; out</code></pre>' +
        '<hr/>',
    );
  });

  it('escapes script tags in text', () => {
    const html = renderHtml({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      ],
    });
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('leaves out event handlers and styles given in the attributes', () => {
    const html = renderHtml({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { onclick: 'alert(1)', style: 'color:red' },
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                {
                  type: 'link',
                  attrs: { href: 'https://x.example', onmouseover: 'alert(1)', style: 'x' },
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: { src: '/api-file/files/a', onerror: 'alert(1)', style: 'x' },
        },
      ],
    });
    for (const pattern of forbidden) expect(html).not.toMatch(pattern);
  });

  it('refuses a document that breaks the rules instead of rendering it', () => {
    expect(() =>
      renderHtml({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'x',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
            ],
          },
        ],
      }),
    ).toThrow(RichTextError);
  });

  it('leaves out an image from outside the platform stored before images were limited, showing the rest', () => {
    const stored: RichDocument = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '接线图如下' }] },
        { type: 'image', attrs: { src: 'https://tracker.example/pixel.png', alt: null } },
        { type: 'image', attrs: { src: '/api-file/files/wiring', alt: '接线图' } },
      ],
    };
    const html = renderHtml(stored);
    expect(html).toContain('接线图如下');
    expect(html).toContain('src="/api-file/files/wiring"');
    expect(html).not.toContain('tracker.example');
    expect(() => sanitizeDocument(stored)).toThrow(RichTextError);
  });
});

describe('plainText', () => {
  it('answers the text with blocks and breaks as newlines', () => {
    const doc = sanitizeDocument({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '标题' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a ', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'b' },
            { type: 'hardBreak' },
            { type: 'text', text: '<c>' },
          ],
        },
        { type: 'image', attrs: { src: '/api-file/files/1', alt: 'pic' } },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [{ type: 'paragraph', content: [{ type: 'text', text: 'd' }] }],
            },
          ],
        },
      ],
    });
    expect(plainText(doc)).toBe('标题\na b\n<c>\nd');
  });
});
