import { coreCourseGetCourses } from '../../../api/course';
import { Link, useSearchParams } from 'react-router';
import { modLtiDeleteCourseToolType, modLtiGetCourseTools, modLtiGetCourseToolTypes } from '../../../api/lti';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { LTI_STRINGS } from './strings';
import './lti.css';

/** `/mod/lti/coursetools.php?id=<course>`: the tools that exist only in this course; add, edit, delete (mod/lti:addcoursetool). */
export function CourseTools() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id') ?? 0);
  const s = useStrings('mod_lti', LTI_STRINGS);
  const tools = useWsQuery(modLtiGetCourseToolTypes, { courseid });
  const course = useWsQuery(coreCourseGetCourses, { options: { ids: [courseid] } }, { meta: { quiet: true } });
  const remove = useWsMutation(modLtiDeleteCourseToolType, [modLtiGetCourseToolTypes, modLtiGetCourseTools]);
  const onDelete = async (id: number, name: string) => {
    const yes = await confirmDialog({ title: s('deletecoursetool', name), message: s('deletecoursetoolconfirm', name), confirmLabel: s('deletecoursetool', name), destructive: true });
    if (!yes) return;
    remove.mutate({ tooltypeid: id }, { onSuccess: () => void addNotification({ message: s('coursetooldeleted'), type: 'success' }) });
  };
  return (
    <Page title={s('coursetools')} breadcrumb={course.data?.[0] ? [{ label: course.data[0].fullname, to: `/course/view.php?id=${courseid}` }] : []}>
      <div className="card lti-course-tools">
        <p className="lti-card-meta">{s('coursetools_desc')}</p>
        <p>
          <Link className="btn btn-primary" to={`/mod/lti/coursetooledit.php?course=${courseid}`}>
            {s('addcoursetool')}
          </Link>
        </p>
        {tools.isPending ? (
          <Loading />
        ) : !tools.data?.length ? (
          <p className="empty-state">{s('nocoursetools')}</p>
        ) : (
          <table className="table lti-course-tools-table">
            <thead>
              <tr>
                <th scope="col">{s('toolname')}</th>
                <th scope="col">{s('tooldescription')}</th>
                <th scope="col">{s('toolusage')}</th>
                <th scope="col">
                  <span className="sr-only">{s('edittooltype')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tools.data.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>{t.description}</td>
                  <td>{t.instancecount}</td>
                  <td className="lti-course-tool-actions">
                    <Link className="btn btn-secondary" to={`/mod/lti/coursetooledit.php?course=${courseid}&typeid=${t.id}`} aria-label={`${s('editcoursetool')}: ${t.name}`}>
                      {s('editcoursetool')}
                    </Link>{' '}
                    <PendingButton
                      className="btn btn-danger"
                      isPending={remove.isPending && remove.variables.tooltypeid === t.id}
                      pendingKind="working"
                      isDisabled={remove.isPending}
                      onPress={() => void onDelete(t.id, t.name)}
                    >
                      {s('deletecoursetool', t.name)}
                    </PendingButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Page>
  );
}
