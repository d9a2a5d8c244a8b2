import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { coreCourseformatGetModule } from '../../../api/courseformat';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { GraderPage } from './grader/GraderPage';
import { AssignStatus } from './AssignStatus';
import { EditSubmission } from './EditSubmission';
import { GradingTable } from './GradingTable';
import './assign.css';

/**
 * `/mod/assign/view.php?id=<cmid>[&action=…]`: the assignment's status page, or with `action` one
 * of its other screens — editsubmission (the learner's form), grading (all submissions) and grader
 * (the grading screen).
 */
export function AssignView() {
  const [params] = useSearchParams();
  const action = params.get('action') ?? '';
  if (!['', 'view', 'editsubmission', 'grading', 'grader'].includes(action)) return <NotFound />;
  return <AssignFrame action={action} />;
}

function AssignFrame({ action }: { action: string }) {
  const [params] = useSearchParams();
  const cmid = Number(params.get('id'));
  const valid = Number.isInteger(cmid) && cmid > 0;
  const cm = useWsQuery(coreCourseformatGetModule, { cmid }, { enabled: valid, meta: { quiet: true } });
  if (!valid) return <NotFound />;
  if (cm.error) return <ErrorPage message={cm.error.message} />;
  if (cm.isPending) return <Loading />;
  if (cm.data.modname !== 'assign') return <NotFound />;
  if (action === 'editsubmission') return <EditSubmission cm={cm.data} />;
  if (action === 'grading') return <GradingTable cm={cm.data} />;
  if (action === 'grader') return <GraderPage cm={cm.data} />;
  return <AssignStatus cm={cm.data} />;
}

interface AssignPageProps {
  cm: ModuleInfo;
  /** A screen below the status page (its name is the title; the assignment joins the trail). */
  subpage?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The page frame of the assignment's screens: title, and a trail back through the course (and the assignment). */
export function AssignPage({ cm, subpage, actions, children }: AssignPageProps) {
  const s = useStrings('moodle', ['mycourses']);
  const trail = [
    { label: s('mycourses'), to: '/my/' },
    { label: cm.coursename, to: relativeUrl('/course/view.php', { id: cm.courseid }) },
    ...(subpage ? [{ label: cm.name, to: relativeUrl('/mod/assign/view.php', { id: cm.id }) }] : []),
  ];
  return (
    <Page title={subpage ?? cm.name} breadcrumb={trail} actions={actions}>
      {children}
    </Page>
  );
}
