import { lazy, Suspense } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { coreCourseGetContents, coreCourseGetCoursesByField } from '../../../api/course';
import { coreCourseformatGetState } from '../../../api/courseformat';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { useModuleNames, useStrings } from '../../platform/useStrings';
import { NotFound } from '../../app/NotFound';
import { ErrorPage } from '../../app/ErrorPage';
import { ActivityLink } from '../courseformat/ActivityLink';
import { useEditingMode } from '../courseformat/useCourseEditing';
import { relativeUrl } from '../../platform/url';
import type { CourseState } from '../../../api/courseformat';
import { ItemTags } from '../tag/TagList';
import { useRoleMenuItems } from '../role/useRoleMenuItems';
import { useCourseCompetencyMenuItems } from '../competency/links';
import { ActionsMenu, type ActionsMenuItem } from '../../platform/ActionsMenu';
import { ActivityCompletion } from '../completion/ActivityCompletion';
import { useCompletionMenuItems } from '../completion/links';
import { useCourseToolMenuItems } from '../lti/links';
import { useMyCompletion } from '../completion/useCompletion';

/** The editing view (activity chooser and every activity's settings form) loads only when editing is turned on. */
const CourseEditor = lazy(async () => ({ default: (await import('../courseformat/CourseEditor')).CourseEditor }));

/** Secondary course actions behind "⋮": participants, groups, settings, as the user may use them. */
function CourseMoreMenu({ courseid, contextid, can, canedit }: { courseid: number; contextid: number; can: CourseState['can']; canedit: boolean }) {
  const s = useStrings('moodle', ['participantslink', 'groupslink', 'coursesettings', 'assignroles']);
  const g = useStrings('core_grades', ['graderreport', 'mygrades']);
  const roleItems = useRoleMenuItems('course', courseid);
  const competencyItems = useCourseCompetencyMenuItems(courseid);
  const completionItems = useCompletionMenuItems(courseid, canedit);
  const toolItems = useCourseToolMenuItems(courseid, canedit);
  const items = [
    can.viewparticipants && { id: 'participants', label: s('participantslink'), href: relativeUrl('/user/index.php', { id: courseid }) },
    can.managegroups && { id: 'groups', label: s('groupslink'), href: relativeUrl('/group/index.php', { id: courseid }) },
    can.assignroles && { id: 'assignroles', label: s('assignroles'), href: relativeUrl('/admin/roles/assign.php', { contextid }) },
    can.viewallgrades && { id: 'grades', label: g('graderreport'), href: relativeUrl('/grade/report/grader/index.php', { id: courseid }) },
    !can.viewallgrades && can.viewowngrades && { id: 'mygrades', label: g('mygrades'), href: relativeUrl('/grade/report/user/index.php', { id: courseid }) },
    can.update && { id: 'settings', label: s('coursesettings'), href: relativeUrl('/course/edit.php', { id: courseid }) },
  ].filter((item): item is ActionsMenuItem => Boolean(item));
  return <ActionsMenu items={[...items, ...completionItems, ...toolItems, ...competencyItems, ...roleItems]} />;
}

/** A course's page: its summary and its sections with the activities I can see. */
export function CourseView() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <CourseContents courseid={id} />;
}

function CourseContents({ courseid }: { courseid: number }) {
  const s = useStrings('moodle', ['mycourses', 'topic', 'general', 'noactivities', 'hiddenfromstudents', 'coursesummary']);
  // Errors here (not enrolled, hidden course) are the page's answer, shown in place of it.
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { meta: { quiet: true } });
  const sections = useWsQuery(coreCourseGetContents, { courseid, options: [] }, { meta: { quiet: true } });
  const moduleName = useModuleNames((sections.data ?? []).flatMap((section) => section.modules.map((cm) => cm.modname)));
  // Whether I may edit, and the course as the editor shows it; failing, the page simply stays read-only.
  const state = useWsQuery(coreCourseformatGetState, { courseid }, { meta: { quiet: true } });
  const e = useStrings('core_courseformat', ['editingon', 'editingoff']);
  const [editingMode, setEditingMode] = useEditingMode();
  const completion = useMyCompletion(courseid);
  const canedit = state.data?.canedit ?? false;
  const editing = canedit && editingMode;
  const failure = course.error ?? sections.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (course.isPending) return <Loading />;
  const info = course.data?.courses[0];
  if (!info) return <NotFound />;

  return (
    <Page
      title={info.fullname}
      breadcrumb={[{ label: s('mycourses'), to: '/my/' }]}
      actions={
        <>
          {canedit && (
            <Button className={`btn ${editing ? 'btn-primary' : 'btn-secondary'}`} onPress={() => setEditingMode(!editing)}>
              {editing ? e('editingoff') : e('editingon')}
            </Button>
          )}
          {state.data && <CourseMoreMenu courseid={courseid} contextid={state.data.contextid} can={state.data.can} canedit={state.data.canedit} />}
        </>
      }
    >
      {info.summary && (
        <section className="card course-summary-card" aria-label={s('coursesummary')}>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: info.summary }} />
        </section>
      )}
      <ItemTags itemtype="course" itemid={courseid} />
      {editing && state.data ? (
        <Suspense fallback={<Loading />}>
          <CourseEditor state={state.data} />
        </Suspense>
      ) : sections.isPending ? (
        <Loading />
      ) : (
        <ol className="course-sections">
          {(sections.data ?? []).map((section) => {
            const name = section.name || (section.section === 0 ? s('general') : s('topic', section.section));
            const headingId = `section-${section.id}`;
            return (
              <li key={section.id} className={`card course-section${section.visible ? '' : ' is-hidden'}`} aria-labelledby={headingId}>
                <h2 id={headingId} className="section-name">
                  {name}
                  {!section.visible && <span className="badge badge-muted">{s('hiddenfromstudents')}</span>}
                </h2>
                {section.summary && <div className="rich-text section-summary" dangerouslySetInnerHTML={{ __html: section.summary }} />}
                {section.modules.length === 0 ? (
                  <p className="muted section-empty">{s('noactivities')}</p>
                ) : (
                  <ul className="activities">
                    {section.modules.map((cm) => (
                      <li key={cm.id} className={`activity${cm.visible ? '' : ' is-hidden'}`}>
                        <span className="activity-type">{moduleName(cm.modname)}</span>
                        {cm.uservisible && cm.url ? <ActivityLink url={cm.url} name={cm.name} /> : <span>{cm.name}</span>}
                        {!cm.visible && <span className="badge badge-muted">{s('hiddenfromstudents')}</span>}
                        <ActivityCompletion status={completion.get(cm.id)} name={cm.name} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Page>
  );
}
