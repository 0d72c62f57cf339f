import type { Extensions } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import Bold from '@tiptap/extension-bold';
import Code from '@tiptap/extension-code';
import CodeBlock from '@tiptap/extension-code-block';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import HorizontalRule from '@tiptap/extension-horizontal-rule';
import Image from '@tiptap/extension-image';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Strike from '@tiptap/extension-strike';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { isAllowedHref, isAllowedImageSrc } from './urls.ts';

export const HEADING_LEVELS = [1, 2, 3, 4] as const;

/**
 * The one list of what a rich-text document may hold: the server builds its schema from it to
 * sanitise, the web builds its editor and renders with it (decision 0023). The web adds editing
 * behaviour (history, placeholders) on top, never nodes, marks or attributes.
 */
export const richTextExtensions: Extensions = [
  Document,
  Paragraph,
  Text,
  Heading.configure({ levels: [...HEADING_LEVELS] }),
  Bold,
  Italic,
  Underline,
  Strike,
  Code,
  CodeBlock,
  Blockquote,
  BulletList,
  OrderedList,
  ListItem,
  HardBreak,
  HorizontalRule,
  Link.extend({
    addAttributes() {
      return { href: { default: null } };
    },
  }).configure({
    protocols: [],
    defaultProtocol: 'https',
    HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
    isAllowedUri: (url) => isAllowedHref(url),
  }),
  Image.extend({
    addAttributes() {
      return { src: { default: null }, alt: { default: null } };
    },
    // Pasted or dropped markup keeps only images of the platform's own files.
    parseHTML() {
      return [
        {
          tag: 'img[src]',
          getAttrs: (element) => (isAllowedImageSrc(element.getAttribute('src')) ? null : false),
        },
      ];
    },
  }).configure({ inline: false, allowBase64: false }),
];
