import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { coreCourseformatGetModule } from '../../../api/courseformat';
import { modFeedbackGetFeedback, modFeedbackGetFeedbackAccessInformation, type Feedback, type FeedbackAccessInfo } from '../../../api/feedback';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import './feedback.css';

export interface FeedbackScreen {
  cm: ModuleInfo;
  feedback: Feedback;
  access: FeedbackAccessInfo;
}

/**
 * Loads what every feedback screen needs from `?id=<cmid>` (the module, the feedback's settings and
 * what the caller may do) and then shows the screen.
 */
export function WithFeedback({ children }: { children: (screen: FeedbackScreen) => ReactNode }) {
  const [params] = useSearchParams();
  const cmid = Number(params.get('id'));
  const valid = Number.isInteger(cmid) && cmid > 0;
  const cm = useWsQuery(coreCourseformatGetModule, { cmid }, { enabled: valid, meta: { quiet: true } });
  const feedback = useWsQuery(modFeedbackGetFeedback, { cmid }, { enabled: valid && cm.data?.modname === 'feedback', meta: { quiet: true } });
  const feedbackid = feedback.data?.feedback.id ?? 0;
  const access = useWsQuery(modFeedbackGetFeedbackAccessInformation, { feedbackid }, { enabled: feedbackid > 0, meta: { quiet: true } });
  if (!valid) return <NotFound />;
  const error = cm.error ?? feedback.error ?? access.error;
  if (error) return <ErrorPage message={error.message} />;
  if (!cm.data) return <Loading />;
  if (cm.data.modname !== 'feedback') return <NotFound />;
  if (!feedback.data || !access.data) return <Loading />;
  return <>{children({ cm: cm.data, feedback: feedback.data.feedback, access: access.data })}</>;
}

interface FeedbackPageProps {
  cm: ModuleInfo;
  /** A screen below the overview (its name is the title; the feedback joins the trail). */
  subpage?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The page frame of the feedback's screens: title, and a trail back through the course (and the feedback). */
export function FeedbackPage({ cm, subpage, actions, children }: FeedbackPageProps) {
  const s = useStrings('moodle', ['mycourses']);
  const trail = [
    { label: s('mycourses'), to: '/my/' },
    { label: cm.coursename, to: relativeUrl('/course/view.php', { id: cm.courseid }) },
    ...(subpage ? [{ label: cm.name, to: relativeUrl('/mod/feedback/view.php', { id: cm.id }) }] : []),
  ];
  return (
    <Page title={subpage ?? cm.name} breadcrumb={trail} actions={actions}>
      {children}
    </Page>
  );
}
