import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  coreCourseGetCategories,
  coreCourseGetCoursesByField,
  coreCourseListCoursesInCategory,
  type categorySchema,
} from '../../../api/course';
import type { ArgsOf, MethodContract, ResultOf } from '../../../api/contract';
import { call } from '../../platform/ajax';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';

export type Category = z.output<typeof categorySchema>;

export interface CategoryNode {
  category: Category;
  /** Plain-text name (the server sends it cleaned as HTML). */
  name: string;
  children: CategoryNode[];
}

/** Every category the user may see, in tree order. */
export function useCategories() {
  return useWsQuery(coreCourseGetCategories, {});
}

/** Builds the tree from the flat list (parents come before children in depth order). */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  const ordered = [...categories].sort((a, b) => a.depth - b.depth || a.sortorder - b.sortorder || a.id - b.id);
  for (const category of ordered) {
    const node: CategoryNode = { category, name: htmlToText(category.name), children: [] };
    nodes.set(category.id, node);
    const parent = nodes.get(category.parent);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Options for a category select: each category with its path ("Science / Biology"), depth-first. */
export function categoryOptions(categories: readonly Category[], exclude?: Category): Array<{ id: number; label: string }> {
  const out: Array<{ id: number; label: string }> = [];
  const walk = (nodes: CategoryNode[], prefix: string) => {
    for (const node of nodes) {
      if (exclude && (node.category.id === exclude.id || node.category.path.startsWith(`${exclude.path}/`))) continue;
      const label = prefix ? `${prefix} / ${node.name}` : node.name;
      out.push({ id: node.category.id, label });
      walk(node.children, label);
    }
  };
  walk(categoryTree(categories), '');
  return out;
}

/** The queries that show categories and courses, refreshed after any management change. */
export const MANAGEMENT_QUERIES: readonly MethodContract[] = [coreCourseGetCategories, coreCourseListCoursesInCategory, coreCourseGetCoursesByField];

/**
 * A write whose expected failures (a taken short name, …) the screen shows itself, so the exception
 * dialogue stays for the unexpected ones only: the caller decides in `onError`.
 */
export function useManagementMutation<C extends MethodContract>(contract: C) {
  const client = useQueryClient();
  return useMutation<ResultOf<C>, Error, ArgsOf<C>>({
    mutationFn: (args) => call(contract, args),
    meta: { quiet: true },
    onSuccess: async () => {
      await Promise.all(MANAGEMENT_QUERIES.map((c) => client.invalidateQueries({ queryKey: [c.name] })));
    },
  });
}
