import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyListCourseCompetencies, coreCompetencyListGradableUsersInCourse, toolLpDataForCourseCompetenciesPage } from '../../../api/coursecompetency';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { PLAN_STRINGS } from './planStrings';
import { SelectorField } from './SelectorField';
import { useTargetSummary } from './UserCompetencySummaryDialog';
import { UserCompetencySummaryView } from './UserCompetencySummaryView';
import './competency.css';
import './plans.css';

const pageUrl = (courseid: number, competencyid: number, userid: number) => relativeUrl('/admin/tool/lp/user_competency_in_course.php', { courseid, competencyid, userid });

/** The summary of the chosen learner and competency, once both are known. */
function CourseSummary({ courseid, userid, competencyid }: { courseid: number; userid: number; competencyid: number }) {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const { summary, error } = useTargetSummary({ kind: 'course', courseid, userid, competencyid });
  if (error) return <p className="alert alert-error">{error.message}</p>;
  return <section className="card">{summary ? <UserCompetencySummaryView summary={summary} place={{ kind: 'course', courseid }} s={s} /> : <Loading />}</section>;
}

/**
 * `/admin/tool/lp/user_competency_in_course.php?courseid=…&competencyid=…&userid=…`: a learner's rating
 * of a course competency, to review and rate it. The learner and competency selectors reload the page
 * with the new choice; without a learner or competency the first of each is shown.
 */
export function UserCompetencyInCoursePage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseid = Number(params.get('courseid')) || 0;
  const competencyid = Number(params.get('competencyid')) || 0;
  const userid = Number(params.get('userid')) || 0;
  const users = useWsQuery(coreCompetencyListGradableUsersInCourse, { courseid }, { meta: { quiet: true } });
  const competencies = useWsQuery(coreCompetencyListCourseCompetencies, { id: courseid }, { meta: { quiet: true } });
  const course = useWsQuery(toolLpDataForCourseCompetenciesPage, { courseid }, { meta: { quiet: true } });
  const failure = users.error ?? competencies.error ?? course.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!users.data || !competencies.data || !course.data) return <Loading />;
  const firstUser = users.data[0]?.id ?? 0;
  const firstCompetency = competencies.data[0]?.competency.id ?? 0;
  if ((!userid && firstUser) || (!competencyid && firstCompetency)) return <Navigate replace to={pageUrl(courseid, competencyid || firstCompetency, userid || firstUser)} />;

  return (
    <Page
      title={s('usercompetencyincourse')}
      breadcrumb={[
        { label: course.data.course.fullname, to: relativeUrl('/course/view.php', { id: courseid }) },
        { label: s('coursecompetencies'), to: relativeUrl('/admin/tool/lp/coursecompetencies.php', { courseid }) },
      ]}
    >
      <div className="selector-bar">
        <SelectorField
          id="course-user-selector"
          label={s('learner')}
          value={userid}
          options={users.data.map((u) => ({ value: u.id, label: u.fullname }))}
          emptyLabel={s('nogradableusers')}
          onChange={(user) => void navigate(pageUrl(courseid, competencyid, user))}
        />
        <SelectorField
          id="course-competency-selector"
          label={s('competency')}
          value={competencyid}
          options={competencies.data.map((c) => ({ value: c.competency.id, label: c.competency.shortname }))}
          emptyLabel={s('nocoursecompetencies')}
          onChange={(competency) => void navigate(pageUrl(courseid, competency, userid))}
        />
      </div>
      {userid > 0 && competencyid > 0 ? <CourseSummary courseid={courseid} userid={userid} competencyid={competencyid} /> : <p className="card empty-state">{s('nothingtorate')}</p>}
    </Page>
  );
}
