import { describe, expect, it } from 'vitest';
import type { NavNodeJson } from '../../../api/navigation';
import { buildNodes, findNode, initiallyOpen, isEmptyBranch, isOpenable, remember, updateNode, withLoadedChildren } from './treeModel';

const json = (fields: Partial<NavNodeJson> & Pick<NavNodeJson, 'key' | 'type'>): NavNodeJson => ({
  id: null,
  name: String(fields.key),
  class: '',
  requiresajaxloading: false,
  hidden: false,
  haschildren: false,
  ...fields,
});

describe('the block tree model', () => {
  const tree = buildNodes([
    json({ key: 'mycourses', type: 0, haschildren: true, forceopen: true, children: [json({ key: 5, type: 20, name: 'Bio &amp; Chem', haschildren: true, requiresajaxloading: true, expandable: 5 })] }),
    '',
    json({ key: 'courses', type: 0, haschildren: true, requiresajaxloading: true, expandable: 'courses' }),
    json({ key: 'home', type: 1, link: '/' }),
  ]);

  it('skips what is not a node, decodes names and keeps lazy branches unloaded', () => {
    expect(tree.map((n) => n.name)).toEqual(['mycourses', 'courses', 'home']);
    const course = findNode(tree, '/0_mycourses/20_5');
    expect(course?.name).toBe('Bio & Chem');
    expect(course?.children).toBeNull();
    expect(course && isOpenable(course)).toBe(true);
    expect(findNode(tree, '/1_home')?.branch).toBe(false);
  });

  it('opens what the server opens and what the user left open', () => {
    expect([...initiallyOpen(tree, new Set(['expandable_branch_0_courses']))].sort()).toEqual(['/0_courses', '/0_mycourses']);
  });

  it('turns a branch loaded with no children into an empty branch', () => {
    const loaded = updateNode(tree, '/0_courses', (n) => withLoadedChildren(n, json({ key: 'courses', type: 0, haschildren: true })));
    const courses = findNode(loaded, '/0_courses');
    expect(courses && isEmptyBranch(courses)).toBe(true);
    expect(courses && isOpenable(courses)).toBe(false);
    // The rest of the tree is the same objects.
    expect(loaded[0]).toBe(tree[0]);
  });

  it('remembers the most recently opened branches, each once', () => {
    expect(remember(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(remember(['a', 'b'], 'a', false)).toEqual(['b']);
    const many = Array.from({ length: 45 }, (_, i) => `n${i}`);
    expect(remember(many, 'new', true)).toHaveLength(40);
    expect(remember(many, 'new', true).at(-1)).toBe('new');
  });
});
