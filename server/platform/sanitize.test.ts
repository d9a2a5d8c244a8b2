import { describe, expect, it } from 'vitest';
import { cleanHtml, formatString, formatText, FORMAT_HTML, FORMAT_PLAIN } from './sanitize';

describe('cleanHtml', () => {
  it.each([
    ['<script>alert(1)</script><p>hi</p>', '<p>hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" alt="" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="https://example.org" onclick="steal()">ok</a>', '<a href="https://example.org">ok</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="position:fixed;text-align:center">t</p>', '<p style="text-align:center">t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<img src="data:image/svg+xml;base64,AAAA">', '<img alt="" />'],
  ])('cleans %s', (input, expected) => {
    expect(cleanHtml(input)).toBe(expected);
  });

  it('keeps ordinary rich text', () => {
    const html = '<h2>Week 1</h2><p><strong>Read</strong> <em>chapter</em> 1</p><ul><li>one</li></ul><table><tr><td>a</td></tr></table>';
    expect(cleanHtml(html)).toBe('<h2>Week 1</h2><p><strong>Read</strong> <em>chapter</em> 1</p><ul><li>one</li></ul><table><tr><td>a</td></tr></table>');
  });

  it('keeps an image\u2019s description, and marks an image without one as decorative', () => {
    expect(cleanHtml('<p><img src="https://a.example/cell.png" alt="A plant cell, labelled"></p>')).toBe('<p><img src="https://a.example/cell.png" alt="A plant cell, labelled" /></p>');
    expect(cleanHtml('<img src="https://a.example/rule.png" alt="">')).toBe('<img src="https://a.example/rule.png" alt="" />');
    expect(cleanHtml('<img src="https://a.example/photo.png" title="Lab">')).toBe('<img src="https://a.example/photo.png" title="Lab" alt="" />');
    expect(cleanHtml('<IMG SRC="https://a.example/x.png" ALT="Upper case">')).toBe('<img src="https://a.example/x.png" alt="Upper case" />');
  });

  it('adds noopener to links that open a new window', () => {
    expect(cleanHtml('<a href="https://a.example" target="_blank">a</a>')).toBe('<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>');
  });
});

describe('formatText and formatString', () => {
  it('escapes plain text and keeps its line breaks', () => {
    expect(formatText('a < b\nc', FORMAT_PLAIN)).toBe('a &lt; b<br>c');
  });
  it('cleans HTML text', () => {
    expect(formatText('<b onclick="x()">b</b>', FORMAT_HTML)).toBe('<b>b</b>');
  });
  it('strips every tag from names', () => {
    expect(formatString('Bio <script>x</script><b>101</b>')).toBe('Bio 101');
  });
});
