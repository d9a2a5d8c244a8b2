import { describe, expect, it } from 'vitest';
import { RULE_ALL, RULE_POINTS } from '../../../api/competency';
import { pointsProblem, ruleProblem, scaleConfigurationJson, scaleConfigurationProblem } from '../../../api/competencyrules';
import { childPath, descendantPrefix, isDescendantOf, levelOf } from './tree';

const children = new Set([11, 12]);
const points = (p: number, list: Array<[number, number, number]>) => ({ base: { points: p }, competencies: list.map(([id, pts, required]) => ({ id, points: pts, required })) });

describe('competency rules', () => {
  it('outcome none is always valid, whatever the rule says', () => {
    expect(ruleProblem({ ruleoutcome: 0, ruletype: 'rubbish', ruleconfig: '{' }, 10, new Set())).toBeNull();
  });
  it('a rule needs children, and "all" needs no configuration', () => {
    expect(ruleProblem({ ruleoutcome: 2, ruletype: RULE_ALL, ruleconfig: null }, 10, new Set())).toBe('rulenochildren');
    expect(ruleProblem({ ruleoutcome: 2, ruletype: RULE_ALL, ruleconfig: null }, 10, children)).toBeNull();
    expect(ruleProblem({ ruleoutcome: 2, ruletype: null, ruleconfig: null }, 10, children)).toBe('invalidruletype');
  });
  it('points: required points at least 1, total at least required, no negatives, only direct children once', () => {
    expect(pointsProblem(points(2, [[11, 1, 1], [12, 1, 0]]), 10, children)).toBeNull();
    expect(pointsProblem(points(0, [[11, 1, 0]]), 10, children)).toBe('pointsrequiredinvalid');
    expect(pointsProblem(points(3, [[11, 1, 0], [12, 1, 0]]), 10, children)).toBe('pointsnotenough');
    expect(pointsProblem(points(1, [[11, -1, 0], [12, 5, 0]]), 10, children)).toBe('pointsnegative');
    expect(pointsProblem(points(1, [[11, 1, 0], [11, 1, 0]]), 10, children)).toBe('pointsduplicate');
    expect(pointsProblem(points(1, [[10, 1, 0]]), 10, children)).toBe('pointsnotchild');
    expect(pointsProblem(points(1, []), 10, children)).toBe('pointsnocompetencies');
    expect(ruleProblem({ ruleoutcome: 1, ruletype: RULE_POINTS, ruleconfig: 'not json' }, 10, children)).toBe('invalidruleconfig');
  });
  it('scale configuration: the scale first, exactly one default, at least one proficient', () => {
    const json = scaleConfigurationJson(4, [
      { id: 1, scaledefault: 1, proficient: 0 },
      { id: 2, scaledefault: 0, proficient: 0 },
      { id: 3, scaledefault: 0, proficient: 1 },
    ]);
    expect(JSON.parse(json)).toEqual([{ scaleid: 4 }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 3, scaledefault: 0, proficient: 1 }]);
    expect(scaleConfigurationProblem(json, 4, 3)).toBeNull();
    expect(scaleConfigurationProblem(json, 5, 3)).toBe('invalidscaleconfiguration');
    expect(scaleConfigurationProblem(json, 4, 2)).toBe('invalidscaleconfiguration');
    expect(scaleConfigurationProblem(scaleConfigurationJson(4, [{ id: 1, scaledefault: 0, proficient: 1 }]), 4, 3)).toBe('scaleconfigurationnodefault');
    expect(scaleConfigurationProblem(scaleConfigurationJson(4, [{ id: 1, scaledefault: 1, proficient: 0 }]), 4, 3)).toBe('scaleconfigurationnoproficient');
  });
});

describe('competency paths', () => {
  it('builds child paths and levels, and tells descendants through the path', () => {
    const root = { id: 5, path: '/0/' };
    const child = { id: 8, path: childPath(root) };
    const grandchild = { id: 9, path: childPath(child) };
    expect([child.path, grandchild.path, descendantPrefix(child)]).toEqual(['/0/5/', '/0/5/8/', '/0/5/8/']);
    expect([levelOf(root.path), levelOf(child.path), levelOf(grandchild.path)]).toEqual([1, 2, 3]);
    expect(isDescendantOf(grandchild, root)).toBe(true);
    expect(isDescendantOf(root, grandchild)).toBe(false);
    // 5 vs 55: the trailing slash keeps a sibling with a longer id out.
    expect(isDescendantOf({ path: '/0/55/' }, root)).toBe(false);
  });
});
