import { describe, expect, it } from 'vitest';
import { categoryOptions, categoryTree, type Category } from './categories';

const cat = (id: number, name: string, parent: number, path: string, sortorder = id): Category => ({
  id,
  name,
  idnumber: '',
  description: '',
  descriptionformat: 1,
  parent,
  sortorder,
  coursecount: 0,
  visible: 1,
  depth: path.split('/').length - 1,
  path,
});

const list = [cat(3, 'Biology', 1, '/1/3'), cat(1, 'Science &amp; maths', 0, '/1', 2), cat(2, 'Arts', 0, '/2', 1), cat(4, 'Cells', 3, '/1/3/4')];

describe('category helpers', () => {
  it('builds the tree in sort order with plain-text names', () => {
    const tree = categoryTree(list);
    expect(tree.map((n) => n.name)).toEqual(['Arts', 'Science & maths']);
    expect(tree[1]?.children[0]?.children.map((n) => n.name)).toEqual(['Cells']);
  });

  it('labels select options with their path and leaves out a category with its subtree', () => {
    expect(categoryOptions(list).map((o) => o.label)).toEqual(['Arts', 'Science & maths', 'Science & maths / Biology', 'Science & maths / Biology / Cells']);
    const biology = list[0];
    expect(categoryOptions(list, biology).map((o) => o.id)).toEqual([2, 1]);
  });
});
