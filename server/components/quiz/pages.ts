import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { CAP_VIEWALL, requireBank } from '../question/access';
import { CAP_MANAGE, CAP_VIEWREPORTS, requireQuiz } from './access';

function positive(value: string | undefined, errorcode: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new AppError(errorcode, { component: 'core_courseformat', status: 400 });
  return n;
}

/** The quiz's other pages: editing (manage), the attempts report, attempt/summary/review, and the course's question bank. */
export const quizPages: PageDefinition[] = [
  { path: '/mod/quiz/edit.php', guard: async (ctx, q) => ctx.access.requireCapability(CAP_MANAGE, (await requireQuiz(ctx, { cmid: positive(q.cmid, 'invalidcoursemodule') })).modcontext) },
  { path: '/mod/quiz/report.php', guard: async (ctx, q) => ctx.access.requireCapability(CAP_VIEWREPORTS, (await requireQuiz(ctx, { cmid: positive(q.id, 'invalidcoursemodule') })).modcontext) },
  { path: '/mod/quiz/attempt.php', guard: async (ctx, q) => void (await requireQuiz(ctx, { cmid: positive(q.cmid, 'invalidcoursemodule') })) },
  { path: '/mod/quiz/summary.php', guard: async (ctx, q) => void (await requireQuiz(ctx, { cmid: positive(q.cmid, 'invalidcoursemodule') })) },
  { path: '/mod/quiz/review.php', guard: async (ctx, q) => void (await requireQuiz(ctx, { cmid: positive(q.cmid, 'invalidcoursemodule') })) },
  { path: '/question/edit.php', guard: async (ctx, q) => void (await requireBank(ctx, positive(q.courseid, 'invalidcourseid'), CAP_VIEWALL)) },
];
