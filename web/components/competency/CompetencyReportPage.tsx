import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyListGradableUsersInCourse, reportCompetencyDataForBreakdown, reportCompetencyDataForReport } from '../../../api/coursecompetency';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { pathText } from './LinkedCompetencyList';
import { PLAN_STRINGS } from './planStrings';
import { SelectorField } from './SelectorField';
import { UserCompetencySummaryDialog, type SummaryTarget } from './UserCompetencySummaryDialog';
import './competency.css';
import './plans.css';

const PER_PAGE = 25;
const reportUrl = (courseid: number, userid: number) => relativeUrl('/report/competency/index.php', { id: courseid, user: userid });

/** Every gradable learner × course competency, paged by learner; a cell opens that rating. */
function Breakdown({ courseid, s, onOpen }: { courseid: number; s: StringLookup; onOpen: (target: SummaryTarget) => void }) {
  const [page, setPage] = useState(0);
  const data = useWsQuery(reportCompetencyDataForBreakdown, { courseid, page, perpage: PER_PAGE }, { meta: { quiet: true } }).data;
  if (!data || data.competencies.length === 0) return null;
  return (
    <section className="card" aria-labelledby="breakdown-heading">
      <h2 id="breakdown-heading">{s('breakdown')}</h2>
      <div className="table-scroll breakdown-scroll">
        <table className="table breakdown-table">
          <thead>
            <tr>
              <th scope="col">{s('learner')}</th>
              {data.competencies.map((c) => (
                <th key={c.id} scope="col" title={c.idnumber}>
                  {c.shortname}
                </th>
              ))}
              <th scope="col">{s('proficientcompetencies')}</th>
            </tr>
          </thead>
          <tbody>
            {data.users.map((row) => (
              <tr key={row.user.id}>
                <th scope="row">
                  <Link to={reportUrl(courseid, row.user.id)}>{row.user.fullname}</Link>
                </th>
                {row.ratings.map((r) => (
                  <td key={r.competencyid}>
                    <Button className={`rating-cell${r.proficiency ? ' is-proficient' : ''}`} onPress={() => onOpen({ kind: 'course', courseid, userid: row.user.id, competencyid: r.competencyid })}>
                      {r.grade ? r.gradename : s('notrated')}
                    </Button>
                  </td>
                ))}
                <td>{s('countofcount', { count: row.proficientcount, total: data.competencies.length })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={Math.ceil(data.total / PER_PAGE)} onChange={setPage} />
    </section>
  );
}

/**
 * `/report/competency/index.php?id=…&user=…`: one learner's course ratings of every course competency
 * (the learner selector reloads the page), a cell opening the rating in the course; and for staff the
 * breakdown of every learner.
 */
export function CompetencyReportPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseid = Number(params.get('id')) || 0;
  const userid = Number(params.get('user')) || 0;
  const users = useWsQuery(coreCompetencyListGradableUsersInCourse, { courseid }, { meta: { quiet: true } });
  const report = useWsQuery(reportCompetencyDataForReport, { courseid, userid }, { enabled: userid > 0, meta: { quiet: true } });
  const [open, setOpen] = useState<SummaryTarget | null>(null);
  const failure = users.error ?? report.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!users.data) return <Loading />;
  const first = users.data[0]?.id ?? 0;
  if (!userid && first) return <Navigate replace to={reportUrl(courseid, first)} />;
  const data = report.data;
  const staff = users.data.length > 1 || (users.data.length === 1 && data?.cangrade === true);

  return (
    <Page title={s('competencyreport')} breadcrumb={data ? [{ label: data.course.fullname, to: relativeUrl('/course/view.php', { id: courseid }) }] : []}>
      {users.data.length === 0 ? (
        <div className="card empty-state">
          <p>{s('nogradableusers')}</p>
        </div>
      ) : (
        <>
          <div className="selector-bar">
            <SelectorField id="report-user-selector" label={s('learner')} value={userid} options={users.data.map((u) => ({ value: u.id, label: u.fullname }))} onChange={(user) => void navigate(reportUrl(courseid, user))} />
            {data && <p className="muted small">{data.pushratingstouserplans ? s('ratingspushed') : s('ratingsnotpushed')}</p>}
          </div>
          {!data ? (
            <Loading />
          ) : data.usercompetencies.length === 0 ? (
            <div className="card empty-state">
              <p>{s('nocoursecompetencies')}</p>
            </div>
          ) : (
            <div className="card table-scroll">
              <table className="table report-table">
                <caption className="visually-hidden">{s('ratingsof', data.user.fullname)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{s('competency')}</th>
                    <th scope="col">{s('rating')}</th>
                    <th scope="col">{s('proficient')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.usercompetencies.map(({ competency, usercompetencycourse: ucc }) => {
                    const target: SummaryTarget = { kind: 'course', courseid, userid, competencyid: competency.competency.id };
                    return (
                      <tr key={competency.competency.id}>
                        <th scope="row">
                          {competency.competency.shortname}
                          <div className="muted small">{pathText(competency.comppath)}</div>
                        </th>
                        <td>
                          <Button className={`rating-cell${ucc.proficiency ? ' is-proficient' : ''}`} onPress={() => setOpen(target)} aria-label={s('ratingof', { competency: competency.competency.shortname, rating: ucc.grade ? ucc.gradename : s('notrated') })}>
                            {ucc.grade ? ucc.gradename : s('notrated')}
                          </Button>
                        </td>
                        <td>{ucc.proficiency === null ? '-' : ucc.proficiencyname}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {staff && <Breakdown courseid={courseid} s={s} onOpen={setOpen} />}
        </>
      )}
      {open && <UserCompetencySummaryDialog target={open} s={s} onClose={() => setOpen(null)} />}
    </Page>
  );
}
