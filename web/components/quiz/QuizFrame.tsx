import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { coreCourseformatGetModule } from '../../../api/courseformat';
import { modQuizGetQuizzesByCourses, type Quiz } from '../../../api/quiz';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { formatNumber } from '../../platform/intl';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import './quiz.css';

/** The course module id from the page's query (`id` on view and report, `cmid` elsewhere). */
export function useCmid(param: 'id' | 'cmid'): number {
  const [params] = useSearchParams();
  const n = Number(params.get(param));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** Loads the module and its quiz, then shows the screen. */
export function WithQuiz({ cmid, children }: { cmid: number; children: (cm: ModuleInfo, quiz: Quiz) => ReactNode }) {
  const cm = useWsQuery(coreCourseformatGetModule, { cmid }, { enabled: cmid > 0, meta: { quiet: true } });
  const quizzes = useWsQuery(modQuizGetQuizzesByCourses, { courseids: cm.data ? [cm.data.courseid] : [] }, { enabled: Boolean(cm.data), meta: { quiet: true } });
  if (!cmid) return <NotFound />;
  if (cm.error) return <ErrorPage message={cm.error.message} />;
  if (quizzes.error) return <ErrorPage message={quizzes.error.message} />;
  if (cm.isPending || quizzes.isPending) return <Loading />;
  if (cm.data.modname !== 'quiz') return <NotFound />;
  const quiz = quizzes.data.quizzes.find((q) => q.coursemodule === cmid);
  if (!quiz) return <NotFound />;
  return <>{children(cm.data, quiz)}</>;
}

/** The page frame of the quiz's screens: title, and a trail back through the course (and the quiz). */
export function QuizPage({ cm, subpage, actions, children }: { cm: ModuleInfo; subpage?: string; actions?: ReactNode; children: ReactNode }) {
  const s = useStrings('moodle', ['mycourses']);
  const trail = [
    { label: s('mycourses'), to: '/my/' },
    { label: cm.coursename, to: relativeUrl('/course/view.php', { id: cm.courseid }) },
    ...(subpage ? [{ label: cm.name, to: relativeUrl('/mod/quiz/view.php', { id: cm.id }) }] : []),
  ];
  return (
    <Page title={subpage ?? cm.name} breadcrumb={trail} actions={actions}>
      {children}
    </Page>
  );
}

/** A grade rescaled to the quiz's maximum, as text with the quiz's decimals. */
export function rescaled(quiz: Quiz, sumgrades: number | null): string {
  if (sumgrades === null) return '';
  const value = quiz.sumgrades > 0 ? (sumgrades * quiz.grade) / quiz.sumgrades : 0;
  return formatNumber(value, quiz.decimalpoints);
}

