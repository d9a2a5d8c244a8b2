/**
 * Online text and feedback comments are stored as HTML (format 1) and written in the rich-text editor.
 * `textToHtml` opens plain text (a comment saved in another format) as paragraphs; `htmlToPlain` gives
 * the words of HTML, for the word count.
 */

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text as HTML paragraphs; '' for blank text (an empty submission). */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p) => `<p>${escapeHtml(p).split('\n').join('<br>')}</p>`).join('');
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE', 'TR']);

/** The text of stored HTML: blocks become paragraphs, <br> a line break; nothing is run or rendered. */
export function htmlToPlain(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const parts: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      line += '\n';
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block && line.trim()) {
      parts.push(line.trim());
      line = '';
    }
    node.childNodes.forEach(walk);
    if (block && line.trim()) {
      parts.push(line.trim());
      line = '';
    }
  };
  doc.body.childNodes.forEach(walk);
  if (line.trim()) parts.push(line.trim());
  return parts.map((p) => p.replace(/ *\n */g, '\n')).join('\n\n');
}

/** Words as the server counts them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
