import type { GradingPanel } from '../../../../api/assign';
import { textToHtml } from '../onlinetext';

/** HTML, the format feedback comments are stored in. */
const FORMAT_HTML = 1;

/** What the grade panel's form holds, as typed. */
export interface GradeFormValues {
  /** Points as typed, a scale value ('-1': no grade), or '' when the grade comes from the guide. */
  grade: string;
  /** The feedback comment as HTML ('' when there is none). */
  feedback: string;
  notify: boolean;
  /** Marking-guide scores and remarks by criterion id. */
  criteria: Record<number, { score: string; remark: string }>;
}

/** The form's values for a loaded panel. */
export function initialValues(panel: GradingPanel): GradeFormValues {
  const { grade, gradeitem, guide } = panel;
  const criteria: GradeFormValues['criteria'] = {};
  for (const criterion of guide?.criteria ?? []) {
    const filling = guide?.fillings.find((f) => f.criterionid === criterion.id);
    criteria[criterion.id] = { score: filling ? String(filling.score) : '', remark: filling?.remark ?? '' };
  }
  let value = '';
  if (!guide && gradeitem.type === 'points' && grade.grade !== null && grade.grade >= 0) value = String(grade.grade);
  if (!guide && gradeitem.type === 'scale') value = grade.grade !== null && grade.grade > 0 ? String(grade.grade) : '-1';
  // Comments saved in another format (plain text from an older client) open as HTML paragraphs.
  const feedback = grade.feedbackformat === FORMAT_HTML ? grade.feedbackcomment : textToHtml(grade.feedbackcomment);
  return { grade: value, feedback, notify: panel.sendstudentnotifications, criteria };
}

/** Whether the form differs from what was loaded. */
export function isDirty(values: GradeFormValues, loaded: GradeFormValues): boolean {
  if (values.grade !== loaded.grade || values.feedback !== loaded.feedback) return true;
  return Object.entries(values.criteria).some(([id, c]) => {
    const before = loaded.criteria[Number(id)];
    return !before || before.score !== c.score || before.remark !== c.remark;
  });
}

/** The name of a guide criterion's field in the form (and in the server's warnings). */
export function criterionField(criterionid: number, part: 'score' | 'remark'): string {
  return `advancedgrading[criteria][${criterionid}][${part}]`;
}

/**
 * The form as `mod_assign_submit_grading_form` takes it: a JSON string holding the URL-encoded fields,
 * with the grade's timemodified at loading so a grade changed meanwhile is not overwritten.
 */
export function encodeGradingForm(panel: GradingPanel, values: GradeFormValues): string {
  const form = new URLSearchParams();
  form.set('id', String(panel.assign.cmid));
  form.set('userid', String(panel.user.id));
  form.set('attemptnumber', '-1');
  form.set('gradetimemodified', String(panel.grade.timemodified));
  if (panel.guide) {
    for (const criterion of panel.guide.criteria) {
      const filled = values.criteria[criterion.id] ?? { score: '', remark: '' };
      form.set(criterionField(criterion.id, 'score'), filled.score.trim());
      form.set(criterionField(criterion.id, 'remark'), filled.remark);
    }
  } else if (panel.gradeitem.type !== 'none') {
    form.set('grade', values.grade.trim());
  }
  form.set('assignfeedbackcomments_editor[text]', values.feedback);
  form.set('assignfeedbackcomments_editor[format]', String(FORMAT_HTML));
  form.set('sendstudentnotifications', values.notify ? '1' : '0');
  return JSON.stringify(form.toString());
}

/** The running total of a guide's scores: the sum of the numbers typed so far, and of the maxima. */
export function guideTotal(guide: NonNullable<GradingPanel['guide']>, values: GradeFormValues): { total: number; maxtotal: number } {
  let total = 0;
  let maxtotal = 0;
  for (const criterion of guide.criteria) {
    maxtotal += criterion.maxscore;
    const score = Number((values.criteria[criterion.id]?.score ?? '').trim());
    if ((values.criteria[criterion.id]?.score ?? '').trim() !== '' && Number.isFinite(score)) total += score;
  }
  return { total: Math.round(total * 100000) / 100000, maxtotal };
}
