import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import {
  coreCompetencyAddCompetencyToCourse,
  coreCompetencyRemoveCompetencyFromCourse,
  coreCompetencyReorderCourseCompetency,
  coreCompetencySetCourseCompetencyRuleoutcome,
  toolLpDataForCourseCompetenciesPage,
} from '../../../api/coursecompetency';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { CompetencyPicker } from './CompetencyPicker';
import { ActivitiesDialog, CourseSettingsDialog } from './CourseCompetencyDialogs';
import { LinkedCompetencyList } from './LinkedCompetencyList';
import { PLAN_STRINGS } from './planStrings';
import { SummaryDialog } from './SummaryDialog';
import './competency.css';
import './plans.css';

type CourseItem = ResultOf<typeof toolLpDataForCourseCompetenciesPage>['competencies'][number];

/**
 * `/admin/tool/lp/coursecompetencies.php?courseid=…`: a course's competencies — added with the picker,
 * reordered, unlinked, each with what completing the course does and the activities linked to it —
 * the course settings, and for a learner their own ratings in the course.
 */
export function CourseCompetenciesPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const courseid = Number(params.get('courseid')) || 0;
  const client = useQueryClient();
  const page = useWsQuery(toolLpDataForCourseCompetenciesPage, { courseid }, { meta: { quiet: true } });
  const reorder = useWsMutation(coreCompetencyReorderCourseCompetency, [toolLpDataForCourseCompetenciesPage]);
  const remove = useWsMutation(coreCompetencyRemoveCompetencyFromCourse, [toolLpDataForCourseCompetenciesPage]);
  const outcome = useWsMutation(coreCompetencySetCourseCompetencyRuleoutcome, [toolLpDataForCourseCompetenciesPage]);
  const [picking, setPicking] = useState(false);
  const [settings, setSettings] = useState(false);
  const [activitiesOf, setActivitiesOf] = useState<CourseItem | null>(null);
  const [summaryOf, setSummaryOf] = useState(0);
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  if (!data) return <Loading />;

  async function addCompetencies(ids: number[]) {
    setPicking(false);
    try {
      for (const competencyid of ids) await call(coreCompetencyAddCompetencyToCourse, { courseid, competencyid });
      void addNotification({ message: s('competenciesadded', ids.length), type: 'success' });
    } catch (error) {
      void showException(error);
    }
    await client.invalidateQueries({ queryKey: [toolLpDataForCourseCompetenciesPage.name] });
  }

  const { statistics } = data;
  const canReport = data.cangradecompetencies;
  return (
    <Page
      title={s('coursecompetencies')}
      breadcrumb={[{ label: data.course.fullname, to: relativeUrl('/course/view.php', { id: courseid }) }]}
      actions={
        <>
          {(canReport || statistics.canbegradedincourse) && (
            <Link className="btn btn-secondary" to={relativeUrl('/report/competency/index.php', { id: courseid })}>
              {s('competencyreport')}
            </Link>
          )}
          {data.canconfigurecoursecompetencies && (
            <Button className="btn btn-secondary" onPress={() => setSettings(true)}>
              {s('coursecompetencysettings')}
            </Button>
          )}
          {data.canmanagecoursecompetencies && (
            <Button className="btn btn-primary" onPress={() => setPicking(true)}>
              {s('addcompetencies')}
            </Button>
          )}
        </>
      }
    >
      {statistics.canbegradedincourse && statistics.competencycount > 0 && (
        <section className="card plan-facts" aria-label={s('yourprogress')}>
          <p>{s('yourproficientcount', { count: statistics.proficientcompetencycount, total: statistics.competencycount })}</p>
          <progress className="plan-progress" max={100} value={statistics.proficientcompetencypercentage} aria-label={s('proficientpercent', statistics.proficientcompetencypercentage)} />
        </section>
      )}
      <LinkedCompetencyList
        label={s('coursecompetencies')}
        items={data.competencies}
        canManage={data.canmanagecoursecompetencies}
        onReorder={(from, to) => reorder.mutateAsync({ courseid, competencyidfrom: from, competencyidto: to })}
        onRemove={(item) => remove.mutate({ courseid, competencyid: item.competency.id }, { onSuccess: () => void addNotification({ message: s('competencyunlinked', item.competency.shortname), type: 'success' }) })}
        removeQuestion={(item) => ({ title: s('unlinkcompetency'), message: s('unlinkfromcourseconfirm', { competency: item.competency.shortname, course: data.course.fullname }), confirmLabel: s('unlinkcompetency') })}
        renderName={(item) => (
          <Button className="btn-linklike" onPress={() => setSummaryOf(item.competency.id)}>
            {item.competency.shortname}
          </Button>
        )}
        renderExtra={(item) => (
          <span className="course-row-extra">
            {item.usercompetencycourse && <span className={`rating-badge${item.usercompetencycourse.proficiency ? ' is-proficient' : ''}`}>{item.usercompetencycourse.grade ? item.usercompetencycourse.gradename : s('notrated')}</span>}
            {data.canmanagecoursecompetencies ? (
              <span className="outcome-field">
                <label htmlFor={`outcome-${item.coursecompetency.id}`} className="small muted">
                  {s('whencoursecompleted')}
                </label>
                <select id={`outcome-${item.coursecompetency.id}`} value={item.coursecompetency.ruleoutcome} onChange={(e) => outcome.mutate({ coursecompetencyid: item.coursecompetency.id, ruleoutcome: Number(e.target.value) })}>
                  {item.ruleoutcomeoptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.text}
                    </option>
                  ))}
                </select>
              </span>
            ) : null}
            {data.canmanagecoursecompetencies ? (
              <Button className="btn btn-link" onPress={() => setActivitiesOf(item)}>
                {s('activitiescount', item.coursemodules.length)}
                {/* The name starts with what is seen (for speech input) and says which competency. */}
                <span className="visually-hidden"> — {s('linkedactivitiesof', item.competency.shortname)}</span>
              </Button>
            ) : (
              item.coursemodules.length > 0 && <span className="muted small">{s('activitiescount', item.coursemodules.length)}</span>
            )}
            {data.cangradecompetencies && (
              <Link className="btn btn-link" to={relativeUrl('/admin/tool/lp/user_competency_in_course.php', { courseid, competencyid: item.competency.id })}>
                {s('ratelearners')}
              </Link>
            )}
          </span>
        )}
        empty={
          <>
            <p>
              <strong>{s('nocoursecompetencies')}</strong>
            </p>
            <p>{data.canmanagecoursecompetencies ? s('nocoursecompetenciesmanage') : s('nocoursecompetenciesdesc')}</p>
          </>
        }
        s={s}
      />
      {picking && <CompetencyPicker pagecontextid={data.pagecontextid} includes="parents" disallowed={data.competencies.map((c) => c.competency.id)} onAdd={(ids) => void addCompetencies(ids)} onClose={() => setPicking(false)} />}
      {settings && <CourseSettingsDialog courseid={courseid} push={data.settings.pushratingstouserplans} s={s} onClose={() => setSettings(false)} />}
      {activitiesOf && <ActivitiesDialog competency={activitiesOf.competency} activities={data.activities} linked={activitiesOf.coursemodules} s={s} onClose={() => setActivitiesOf(null)} />}
      {summaryOf > 0 && <SummaryDialog competencyid={summaryOf} s={s} onClose={() => setSummaryOf(0)} />}
    </Page>
  );
}
