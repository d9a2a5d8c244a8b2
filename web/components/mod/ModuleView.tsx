import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { coreCourseformatGetModule } from '../../../api/courseformat';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { RoleLinksMenu } from '../role/RoleLinksMenu';
import { ModuleCompletion, type ViewCall } from '../completion/ModuleCompletion';

export type ModuleInfo = ResultOf<typeof coreCourseformatGetModule>;

/**
 * The frame of `/mod/<type>/view.php?id=<cmid>`: finds the module and its course, then lets the
 * module's own body load its content. The breadcrumb leads back to the course.
 */
export function ModuleView({ modname, view, children }: { modname: string; view?: (cm: ModuleInfo) => ViewCall; children: (cm: ModuleInfo) => ReactNode }) {
  const [params] = useSearchParams();
  const cmid = Number(params.get('id'));
  const valid = Number.isInteger(cmid) && cmid > 0;
  const s = useStrings('moodle', ['mycourses']);
  const cm = useWsQuery(coreCourseformatGetModule, { cmid }, { enabled: valid, meta: { quiet: true } });
  if (!valid) return <NotFound />;
  if (cm.error) return <ErrorPage message={cm.error.message} />;
  if (cm.isPending) return <Loading />;
  if (cm.data.modname !== modname) return <NotFound />;
  return (
    <Page
      title={cm.data.name}
      breadcrumb={[
        { label: s('mycourses'), to: '/my/' },
        { label: cm.data.coursename, to: `/course/view.php?id=${cm.data.courseid}` },
      ]}
      actions={<RoleLinksMenu contextlevel="module" instanceid={cmid} />}
    >
      <ModuleCompletion courseid={cm.data.courseid} cmid={cm.data.id} name={cm.data.name} view={view?.(cm.data)} />
      {children(cm.data)}
    </Page>
  );
}
