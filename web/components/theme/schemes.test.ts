import { describe, expect, it } from 'vitest';
import { COLOUR_SCHEMES } from '../../../api/theme';

/**
 * The stylesheet the app ships, read from disk: the test runner hands CSS imports over empty. The web
 * code has no Node types, so the file module is typed here by what the test uses of it.
 */
const FS_MODULE = 'node:fs';
const fs = (await import(/* @vite-ignore */ FS_MODULE)) as { readFileSync: (path: string, encoding: 'utf8') => string };
// Tests run from the repository's root.
const stylesheet = fs.readFileSync('web/app/theme.css', 'utf8');

/** The colour tokens of each scheme, read from the stylesheet. */
function schemeTokens(): Record<string, Record<string, string>> {
  const css = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const blocks = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({ selector: selector.trim(), body }));
  const tokens = (body: string) => Object.fromEntries([...body.matchAll(/(--color-[a-z-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value.trim()]));
  const base = blocks.find((b) => /^:root\s*,/.test(b.selector) || b.selector === ':root');
  if (!base) throw new Error('no :root block in theme.css');
  const out: Record<string, Record<string, string>> = { default: tokens(base.body) };
  for (const scheme of COLOUR_SCHEMES.filter((s) => s !== 'default')) {
    const block = blocks.find((b) => b.selector.includes(`[data-scheme='${scheme}']`));
    if (!block) throw new Error(`no block for ${scheme}`);
    out[scheme] = { ...out.default, ...tokens(block.body) };
  }
  return out;
}

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Foreground token, background tokens, and the ratio WCAG AA asks of them. */
const PAIRS: Array<[string, string[], number]> = [
  ['--color-text', ['--color-bg', '--color-surface', '--color-surface-alt'], 4.5],
  ['--color-muted', ['--color-bg', '--color-surface', '--color-surface-alt'], 4.5],
  ['--color-primary', ['--color-bg', '--color-surface', '--color-surface-alt'], 4.5],
  ['--color-primary-hover', ['--color-bg', '--color-surface'], 4.5],
  ['--color-primary-text', ['--color-primary', '--color-primary-hover'], 4.5],
  ['--color-danger-text', ['--color-danger'], 4.5],
  ['--color-danger', ['--color-surface', '--color-danger-bg'], 4.5],
  ['--color-success', ['--color-surface', '--color-success-bg'], 4.5],
  ['--color-warning', ['--color-surface', '--color-warning-bg'], 4.5],
  ['--color-info', ['--color-surface', '--color-info-bg', '--color-badge-bg'], 4.5],
  ['--color-text', ['--color-info-bg', '--color-success-bg', '--color-warning-bg', '--color-danger-bg'], 4.5],
  ['--color-focus', ['--color-bg', '--color-surface'], 3],
  ['--color-control-border', ['--color-surface'], 3],
];

describe('colour schemes', () => {
  const schemes = schemeTokens();

  it('has a block of tokens for each of the five schemes', () => {
    expect(Object.keys(schemes)).toEqual([...COLOUR_SCHEMES]);
  });

  it.each([...COLOUR_SCHEMES])('%s meets WCAG AA contrast for text, links, buttons, alerts, focus rings and control borders', (scheme) => {
    const tokens = schemes[scheme] ?? {};
    const failures: string[] = [];
    for (const [foreground, backgrounds, minimum] of PAIRS) {
      for (const background of backgrounds) {
        const fg = tokens[foreground];
        const bg = tokens[background];
        if (!fg || !bg) {
          failures.push(`${foreground} on ${background}: missing`);
          continue;
        }
        const ratio = contrast(fg, bg);
        if (ratio < minimum) failures.push(`${foreground} ${fg} on ${background} ${bg}: ${ratio.toFixed(2)} < ${minimum}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
