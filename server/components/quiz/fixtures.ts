import type { TestSite } from '../../test/site';
import type { Session } from '../tag/fixtures';
import { ok } from '../assign/fixtures';

/** One question of each type for a course's bank; answers their ids in order. */
export async function makeQuestions(site: TestSite, teacher: Session, courseid: number): Promise<number[]> {
  const save = async (q: Record<string, unknown>) => (await ok<{ id: number }>(site, teacher, 'core_question_save_question', { courseid, questiontext: '<p>?</p>', ...q })).id;
  return [
    await save({ qtype: 'multichoice', name: 'Capital', questiontext: '<p>Capital of France?</p>', answers: [{ answer: 'Paris', fraction: 1, feedback: 'Yes' }, { answer: 'Lyon', fraction: 0, feedback: 'No' }] }),
    await save({ qtype: 'truefalse', name: 'Sky', questiontext: '<p>The sky is blue.</p>', answers: [{ answer: 'true', fraction: 1 }, { answer: 'false', fraction: 0 }] }),
    await save({ qtype: 'shortanswer', name: 'Animal', questiontext: '<p>Name a cat.</p>', answers: [{ answer: '*cat*', fraction: 1 }] }),
    await save({ qtype: 'numerical', name: 'Pi', questiontext: '<p>Pi to two places?</p>', answers: [{ answer: '3.14', fraction: 1, tolerance: 0.01 }] }),
  ];
}

/** Default quiz settings for tests. */
export function quizArgs(courseid: number, overrides: Record<string, unknown> = {}) {
  return { courseid, section: 1, name: 'Test quiz', intro: '<p>Answer everything.</p>', grade: 20, questionsperpage: 2, shuffleanswers: false, ...overrides };
}
