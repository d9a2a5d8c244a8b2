import type { z } from 'zod';
import { REVIEW_AFTER_CLOSE, REVIEW_DURING, REVIEW_IMMEDIATELY_AFTER, REVIEW_LATER_WHILE_OPEN, type attemptQuestionSchema, type attemptSchema } from '../../../api/quiz';
import { cleanHtml, formatString } from '../../platform/sanitize';
import { gradeResponse, rightAnswerText, type QuestionDef } from '../question/grading';
import type { QuizRow } from './access';
import { choiceOrder, isAnswered, responseOf, type AttemptRow, type AttemptSlotRow } from './attempts';

type QuestionOut = z.input<typeof attemptQuestionSchema>;
type Say = (id: string, a?: unknown) => string;

export function attemptOut(a: AttemptRow): z.input<typeof attemptSchema> {
  return {
    id: a.id,
    quiz: a.quiz,
    userid: a.userid,
    attempt: a.attempt,
    uniqueid: a.id,
    layout: a.layout,
    currentpage: a.currentpage,
    preview: a.preview,
    state: a.state as 'inprogress',
    timestart: a.timestart,
    timefinish: a.timefinish,
    timemodified: a.timemodified,
    timecheckstate: a.timecheckstate,
    sumgrades: a.sumgrades === null ? null : Number(a.sumgrades),
  };
}

/** What the review shows now: the option bit of the attempt's time class (activities.md §3.1). */
export interface ReviewOptions {
  attempt: boolean;
  marks: boolean;
  correctness: boolean;
  feedback: boolean;
  generalfeedback: boolean;
  rightanswer: boolean;
}

export function reviewTimeBit(quiz: QuizRow, attempt: AttemptRow, t: number): number {
  if (attempt.state === 'inprogress' || attempt.state === 'overdue') return REVIEW_DURING;
  if (quiz.timeclose && t > quiz.timeclose) return REVIEW_AFTER_CLOSE;
  if (t - attempt.timefinish < 120) return REVIEW_IMMEDIATELY_AFTER;
  return REVIEW_LATER_WHILE_OPEN;
}

export function reviewOptions(quiz: QuizRow, bit: number): ReviewOptions {
  const on = (v: number) => (v & bit) !== 0;
  return {
    attempt: on(quiz.reviewattempt),
    marks: on(quiz.reviewmarks),
    correctness: on(quiz.reviewcorrectness),
    feedback: on(quiz.reviewspecificfeedback),
    generalfeedback: on(quiz.reviewgeneralfeedback),
    rightanswer: on(quiz.reviewrightanswer),
  };
}

export const FULL_REVIEW: ReviewOptions = { attempt: true, marks: true, correctness: true, feedback: true, generalfeedback: true, rightanswer: true };

function gradedState(fraction: number | null): string {
  if (fraction === null) return 'gaveup';
  if (fraction >= 1 - 1e-7) return 'gradedright';
  if (fraction <= 1e-7) return 'gradedwrong';
  return 'gradedpartial';
}

/**
 * One question of an attempt as the attempt page, the summary or the review shows it. `review` is
 * absent while the attempt is in progress; then no marks, correctness or feedback leave the server.
 */
export function questionOut(
  q: QuestionDef,
  row: AttemptSlotRow,
  place: { page: number; number: number; uniqueid: number },
  say: Say,
  review?: ReviewOptions,
): QuestionOut {
  const order = choiceOrder(row);
  const response = responseOf(row);
  const byId = new Map(q.answers.map((a) => [a.id, a]));
  const graded = review ? gradeResponse(q, order, response) : undefined;
  const chosen = new Set(graded?.answerids ?? []);
  let choices: QuestionOut['choices'] = [];
  if (q.qtype === 'multichoice') {
    choices = order.flatMap((id, i) => {
      const a = byId.get(id);
      if (!a) return [];
      return [{ value: String(i), label: cleanHtml(a.answer), ...(review?.feedback && chosen.has(id) && a.feedback ? { feedback: cleanHtml(a.feedback) } : {}), ...(review?.rightanswer ? { correct: a.fraction > 0 } : {}) }];
    });
  } else if (q.qtype === 'truefalse') {
    const right = q.answers.find((a) => a.fraction >= 1 - 1e-7)?.answer.toLowerCase();
    choices = [
      { value: '1', label: say('true'), ...(review?.rightanswer ? { correct: right === 'true' } : {}) },
      { value: '0', label: say('false'), ...(review?.rightanswer ? { correct: right === 'false' } : {}) },
    ];
  }
  const answered = isAnswered(row);
  const fraction = row.fraction === null ? null : Number(row.fraction);
  const state = review ? gradedState(fraction) : answered ? 'answered' : 'notyetanswered';
  const status = review ? (review.correctness ? say(state) : say(answered ? 'complete' : 'notanswered')) : say(state);
  // Multiple choice shows each chosen answer's feedback beside it; the other types below the answer.
  const specific = review?.feedback && q.qtype !== 'multichoice' ? [...chosen].map((id) => byId.get(id)?.feedback ?? '').filter((f) => f !== '').map(cleanHtml).join(' ') : '';
  return {
    slot: row.slot,
    type: q.qtype,
    page: place.page,
    number: place.number,
    name: formatString(q.name),
    questiontext: cleanHtml(q.questiontext),
    choices,
    multiple: q.qtype === 'multichoice' && !q.single,
    prefix: `q${place.uniqueid}:${row.slot}_`,
    response,
    sequencecheck: row.sequencecheck,
    flagged: row.flagged === 1,
    state: review && !review.correctness ? (answered ? 'complete' : 'gaveup') : state,
    status,
    ...(review?.marks ? { mark: Math.round((fraction ?? 0) * Number(row.maxmark) * 100) / 100 } : {}),
    ...(review?.marks || !review ? { maxmark: Number(row.maxmark) } : {}),
    ...(specific ? { specificfeedback: specific } : {}),
    ...(review?.generalfeedback && q.generalfeedback ? { generalfeedback: cleanHtml(q.generalfeedback) } : {}),
    ...(review?.rightanswer ? { rightanswer: q.qtype === 'truefalse' ? say(rightAnswerText(q).toLowerCase() === 'true' ? 'true' : 'false') : formatString(rightAnswerText(q)) } : {}),
  };
}

/** Each slot's page and number in the attempt's layout. */
export function placesOf(pages: number[][]): Map<number, { page: number; number: number }> {
  const out = new Map<number, { page: number; number: number }>();
  let number = 0;
  pages.forEach((slots, page) => slots.forEach((slot) => out.set(slot, { page, number: ++number })));
  return out;
}
