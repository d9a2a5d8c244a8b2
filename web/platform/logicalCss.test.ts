import { describe, expect, it } from 'vitest';

/**
 * The stylesheets, read from disk (the test runner hands CSS imports over empty). The web code has no
 * Node types, so the file module is typed here by what the test uses of it.
 */
interface Entry {
  name: string;
  isDirectory: () => boolean;
}
const FS_MODULE = 'node:fs';
const fs = (await import(/* @vite-ignore */ FS_MODULE)) as {
  readdirSync: (path: string, options: { withFileTypes: true }) => Entry[];
  readFileSync: (path: string, encoding: 'utf8') => string;
};

/** Every stylesheet under a folder of the repository (tests run from its root). */
function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Properties and values tied to the left or right of the screen, which do not mirror in right-to-left pages. */
const PHYSICAL: readonly RegExp[] = [
  /\b(margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right)\b/,
  /(^|[\s;{])(left|right)\s*:/,
  /\b(text-align|float|clear)\s*:\s*(left|right)\b/,
  /\bborder-(top|bottom)-(left|right)-radius\b/,
];

/** The lines of a stylesheet that place something left or right, comments left out (line numbers kept). */
function physicalDeclarations(path: string): string[] {
  const text = fs.readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => PHYSICAL.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${path}:${number}: ${line.trim()}`);
}

describe('the layout mirrors in right-to-left languages', () => {
  it('because every stylesheet, the app’s and the login page’s, places things with logical properties, never left or right', () => {
    const sheets = [...stylesheets('web'), ...stylesheets('server')];
    expect(sheets.length).toBeGreaterThan(20);
    expect(sheets.flatMap(physicalDeclarations)).toEqual([]);
  });
});
