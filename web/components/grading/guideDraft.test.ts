import { describe, expect, it } from 'vitest';
import { insertComment } from './insertComment';
import { draftErrors, guideMaximum, moveItem, sameDraft, type GuideDraft } from './guideDraft';

const draft: GuideDraft = {
  name: 'Essay guide',
  description: '',
  criteria: [
    { key: 'a', id: 1, shortname: 'Ideas', description: '', descriptionmarkers: '', maxscore: '10' },
    { key: 'b', id: 0, shortname: 'ideas ', description: '', descriptionmarkers: '', maxscore: '0' },
  ],
  comments: [],
};

describe('the guide editor draft', () => {
  it('finds the errors the server would refuse, by field', () => {
    const errors = draftErrors(draft, 20);
    expect(errors.get('criteria[1][shortname]')).toBe('err_shortnameunique');
    expect(errors.get('criteria[1][maxscore]')).toBe('err_maxscorepositive');
    expect(errors.has('criteria[0][shortname]')).toBe(false);
    expect(draftErrors({ ...draft, criteria: [] }, 20).get('criteria')).toBe('err_nocriteria');
    expect(draftErrors({ ...draft, criteria: [] }, 10).has('criteria')).toBe(false);
  });

  it('adds up the maximum scores', () => {
    expect(guideMaximum({ ...draft, criteria: [...draft.criteria, { ...draft.criteria[0]!, key: 'c', maxscore: '2.5' }] })).toBe(12.5);
  });

  it('moves rows within bounds and compares drafts without their keys', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(sameDraft(draft, { ...draft, criteria: draft.criteria.map((c) => ({ ...c, key: `x${c.key}` })) })).toBe(true);
    expect(sameDraft(draft, { ...draft, name: 'Other' })).toBe(false);
  });
});

describe('inserting a frequently used comment', () => {
  it('fills an empty remark, and adds a line break first when the remark has text', () => {
    expect(insertComment('', 'Well argued.')).toBe('Well argued.');
    expect(insertComment('  ', 'Well argued.')).toBe('Well argued.');
    expect(insertComment('Good start.', 'Well argued.')).toBe('Good start.\nWell argued.');
  });
});
