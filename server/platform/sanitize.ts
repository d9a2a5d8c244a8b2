import sanitizeHtml from 'sanitize-html';
import { memoizeText } from './memo';

/** Moodle's text formats. */
export const FORMAT_MOODLE = 0;
export const FORMAT_HTML = 1;
export const FORMAT_PLAIN = 2;
export const FORMAT_MARKDOWN = 4;

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'mark',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    '*': ['class', 'lang', 'dir', 'style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}) },
    }),
    // An image stored without a text alternative (from before the editor asked for one, or sent by
    // a web-service client) is shown as decorative: alt="" keeps screen readers from reading out its
    // address. A description given is kept as it is.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
  },
};

/** Cleans user-supplied rich text for output: scripts, event handlers and unsafe URLs go. */
export const cleanHtml: (html: string) => string = memoizeText((html) => sanitizeHtml(html, RICH_TEXT));

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Text stored in a Moodle format, made safe HTML. Plain and Markdown text is escaped, keeping line breaks. */
export function formatText(text: string, format: number): string {
  if (format === FORMAT_HTML || format === FORMAT_MOODLE) return cleanHtml(text);
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

const STRIP_ALL: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/** A name or title: tags stripped, entities kept as text. */
export const formatString: (text: string) => string = memoizeText((text) => sanitizeHtml(text, STRIP_ALL));
