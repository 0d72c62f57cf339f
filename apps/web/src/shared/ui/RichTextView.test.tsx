import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { RichDocument } from '@platform/rich-text';
import { RichTextView } from './RichTextView';

const doc = (content: unknown[]): RichDocument => ({ type: 'doc', content }) as RichDocument;

describe('rich text view', () => {
  it('shows a document with its formatting and links that open in a new tab', () => {
    const { container } = render(
      <RichTextView
        doc={doc([
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'MQTT' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Port ' },
              { type: 'text', text: '1883', marks: [{ type: 'bold' }] },
              {
                type: 'text',
                text: ' docs',
                marks: [{ type: 'link', attrs: { href: 'https://mqtt.org' } }],
              },
            ],
          },
        ])}
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('MQTT');
    expect(container.querySelector('strong')?.textContent).toBe('1883');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://mqtt.org');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows markup in text as text, and drops unknown attributes', () => {
    const { container } = render(
      <RichTextView
        doc={doc([
          {
            type: 'paragraph',
            attrs: { onclick: 'alert(1)' },
            content: [
              { type: 'text', text: '<img src=x onerror=alert(2)><script>alert(3)</script>' },
            ],
          },
        ])}
      />,
    );
    expect(container.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(2)><script>alert(3)</script>');
  });

  it('never links to javascript:', () => {
    for (const href of [
      'javascript:alert(4)',
      ' JaVaScRiPt:alert(5)',
      'data:text/html,<script>alert(6)</script>',
    ]) {
      const { container, unmount } = render(
        <RichTextView
          doc={doc([
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }],
            },
          ])}
        />,
      );
      expect(container.innerHTML.toLowerCase()).not.toContain('javascript:');
      expect(container.querySelector('a[href^="data:"]')).toBeNull();
      unmount();
    }
  });

  it('shows nothing for a document the schema does not know', () => {
    const { container } = render(
      <RichTextView doc={doc([{ type: 'iframe', attrs: { src: 'https://evil.example' } }])} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
