import { useNavigate, useSearchParams } from 'react-router';
import { coreCourseformatGetModuleForm } from '../../../api/courseformat';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { moduleForms } from './moduleForms';

/** `/course/modedit.php?update=<cmid>`: an existing activity's settings form, back to the course when done. */
export function ModuleEdit() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cmid = Number(params.get('update'));
  const valid = Number.isInteger(cmid) && cmid > 0;
  const s = useStrings('core_courseformat', ['updatingmod']);
  const m = useStrings('moodle', ['mycourses']);
  const form = useWsQuery(coreCourseformatGetModuleForm, { cmid }, { enabled: valid, meta: { quiet: true } });
  if (!valid) return <NotFound />;
  if (form.error) return <ErrorPage message={form.error.message} />;
  if (form.isPending) return <Loading />;
  const { course, cm } = form.data;
  const Form = cm ? moduleForms[cm.modname] : undefined;
  if (!cm || !Form) return <NotFound />;
  const courseUrl = relativeUrl('/course/view.php', { id: course.id });
  return (
    <Page
      title={s('updatingmod', cm.modulename)}
      breadcrumb={[
        { label: m('mycourses'), to: '/my/' },
        { label: course.fullname, to: courseUrl },
        { label: cm.name, to: relativeUrl(`/mod/${cm.modname}/view.php`, { id: cm.id }) },
      ]}
    >
      <div className="card module-edit">
        <Form courseid={course.id} section={cm.sectionnum} cmid={cm.id} onDone={() => void navigate(courseUrl)} />
      </div>
    </Page>
  );
}
