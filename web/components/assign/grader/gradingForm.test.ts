import { describe, expect, it } from 'vitest';
import type { GradingPanel } from '../../../../api/assign';
import { encodeGradingForm, guideTotal, initialValues, isDirty } from './gradingForm';

function panel(overrides: Partial<GradingPanel> = {}): GradingPanel {
  return {
    assign: { id: 3, cmid: 21, contextid: 90, name: 'Essay', duedate: 0, cutoffdate: 0 },
    user: { id: 8, fullname: 'Ada Lovelace', profileimageurl: '' },
    submission: null,
    grade: { grade: 7.5, timemodified: 1700000000, gradername: 'T', feedbackcomment: '<p>Good</p><p>Line one<br>two</p>', feedbackformat: 1 },
    gradeitem: { type: 'points', grademax: 10, scaleitems: [] },
    guide: null,
    sendstudentnotifications: true,
    gradingstatus: 'graded',
    ...overrides,
  };
}

const guide: NonNullable<GradingPanel['guide']> = {
  definitionid: 1,
  name: 'Guide',
  description: '',
  criteria: [
    { id: 11, sortorder: 1, shortname: 'Ideas', description: '', descriptionmarkers: '', maxscore: 10 },
    { id: 12, sortorder: 2, shortname: 'Style', description: '', descriptionmarkers: '', maxscore: 5 },
  ],
  comments: [],
  fillings: [{ criterionid: 11, score: 6, remark: 'Clear' }],
};

function decode(json: string): URLSearchParams {
  return new URLSearchParams(JSON.parse(json) as string);
}

describe('the grading form', () => {
  it('starts from the stored grade, the feedback as stored HTML and the default of "notify student"', () => {
    const values = initialValues(panel());
    expect(values).toMatchObject({ grade: '7.5', feedback: '<p>Good</p><p>Line one<br>two</p>', notify: true });
  });

  it('starts a scale at "no grade" when ungraded, and a guide from its fillings', () => {
    expect(initialValues(panel({ gradeitem: { type: 'scale', grademax: 3, scaleitems: ['a', 'b', 'c'] }, grade: { ...panel().grade, grade: null } })).grade).toBe('-1');
    expect(initialValues(panel({ guide })).criteria).toEqual({ 11: { score: '6', remark: 'Clear' }, 12: { score: '', remark: '' } });
  });

  it('is dirty once a value differs from what was loaded', () => {
    const loaded = initialValues(panel({ guide }));
    expect(isDirty(loaded, loaded)).toBe(false);
    expect(isDirty({ ...loaded, grade: '8' }, loaded)).toBe(true);
    expect(isDirty({ ...loaded, criteria: { ...loaded.criteria, 12: { score: '', remark: 'x' } } }, loaded)).toBe(true);
  });

  it('encodes points with the feedback as HTML and the grade time it was loaded with', () => {
    const form = decode(encodeGradingForm(panel(), { grade: ' 9 ', feedback: '<p>Well <strong>done</strong></p>', notify: false, criteria: {} }));
    expect(form.get('grade')).toBe('9');
    expect(form.get('assignfeedbackcomments_editor[text]')).toBe('<p>Well <strong>done</strong></p>');
    expect(form.get('assignfeedbackcomments_editor[format]')).toBe('1');
    expect(form.get('sendstudentnotifications')).toBe('0');
    expect(form.get('gradetimemodified')).toBe('1700000000');
    expect(form.get('userid')).toBe('8');
  });

  it('encodes a guide as scores and remarks per criterion, without a grade field', () => {
    const values = { grade: '', feedback: '', notify: true, criteria: { 11: { score: '7', remark: 'A\nB' }, 12: { score: '3.5', remark: '' } } };
    const form = decode(encodeGradingForm(panel({ guide }), values));
    expect(form.has('grade')).toBe(false);
    expect(form.get('advancedgrading[criteria][11][score]')).toBe('7');
    expect(form.get('advancedgrading[criteria][11][remark]')).toBe('A\nB');
    expect(form.get('advancedgrading[criteria][12][score]')).toBe('3.5');
  });

  it('totals the scores typed so far against the guide maximum', () => {
    const values = { grade: '', feedback: '', notify: true, criteria: { 11: { score: '7', remark: '' }, 12: { score: 'x', remark: '' } } };
    expect(guideTotal(guide, values)).toEqual({ total: 7, maxtotal: 15 });
  });
});
