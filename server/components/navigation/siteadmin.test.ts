import { describe, expect, it } from 'vitest';
// The site administration page's list, read here only to compare: the server never imports the app.
import { ADMIN_TREE } from '../../../web/components/admin/tools';
import { SITE_ADMIN_TREE } from './siteadmin';

describe('the site administration branch', () => {
  it('holds the same categories and tools, under the same names, as the site administration page', () => {
    const flatten = (tree: ReadonlyArray<{ name: string; tools: ReadonlyArray<{ name: string; href: string }> }>) =>
      tree.flatMap((c) => c.tools.map((t) => `${c.name} / ${t.name} → ${t.href}`));
    expect(flatten(SITE_ADMIN_TREE)).toEqual(flatten(ADMIN_TREE));
  });
});
