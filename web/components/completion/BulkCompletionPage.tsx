import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  COMPLETION_TRACKING_AUTOMATIC,
  COMPLETION_TRACKING_MANUAL,
  COMPLETION_TRACKING_NONE,
  coreCompletionGetActivitiesCompletionStatus,
  coreCompletionGetModuleSettings,
  coreCompletionUpdateModuleSettings,
  type ModuleCompletionSettings,
} from '../../../api/completion';
import { coreCourseGetCoursesByField } from '../../../api/course';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useModuleNames, useStrings, type StringLookup } from '../../platform/useStrings';
import './completion.css';

const STRINGS = [
  'bulkcompletion', 'bulkcompletionintro', 'completionoff', 'coursesettings', 'activity', 'section', 'completion', 'completion_none', 'completion_manual',
  'completion_automatic', 'completionview', 'completionsubmit', 'rules', 'norules', 'selectall', 'selectactivity', 'selected', 'noneselected', 'apply',
  'applyone', 'applied', 'appliedone', 'noactivities', 'status_none', 'status_manual', 'status_automatic', 'detail_desc:view', 'detail_desc:submit', 'detail_desc:submitfeedback',
  'detail_desc:attempt',
] as const;

/** `/course/bulkcompletion.php?id=<courseid>`: the course's activities with their completion settings, changed several at a time. */
export function BulkCompletionPage() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id'));
  if (!Number.isInteger(courseid) || courseid <= 0) return <NotFound />;
  return <BulkCompletion courseid={courseid} />;
}

function BulkCompletion({ courseid }: { courseid: number }) {
  const s = useStrings('core_completion', STRINGS);
  const m = useStrings('moodle', ['mycourses']);
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { meta: { quiet: true } });
  const settings = useWsQuery(coreCompletionGetModuleSettings, { courseid }, { meta: { quiet: true } });
  const failure = course.error ?? settings.error;
  if (failure) return <ErrorPage message={failure.message} />;
  const data = settings.data;
  if (!course.data || !data) return <Loading />;
  const info = course.data.courses[0];
  if (!info) return <NotFound />;
  return (
    <Page
      title={s('bulkcompletion')}
      breadcrumb={[
        { label: m('mycourses'), to: '/my/' },
        { label: info.fullname, to: relativeUrl('/course/view.php', { id: courseid }) },
      ]}
    >
      {!data.enablecompletion && (
        <div className="alert alert-warning" role="status">
          <div className="alert-message">
            {s('completionoff')} <Link to={relativeUrl('/course/edit.php', { id: courseid })}>{s('coursesettings')}</Link>
          </div>
        </div>
      )}
      {data.modules.length === 0 ? (
        <p className="empty-state">{s('noactivities')}</p>
      ) : (
        <BulkForm courseid={courseid} modules={data.modules} s={s} />
      )}
    </Page>
  );
}

interface Choice {
  completion: number;
  completionview: boolean;
  completionsubmit: boolean;
}

function BulkForm({ courseid, modules, s }: { courseid: number; modules: ModuleCompletionSettings[]; s: StringLookup }) {
  const g = useStrings('moodle', ['topic', 'general']);
  const moduleName = useModuleNames(modules.map((cm) => cm.modname));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [choice, setChoice] = useState<Choice>({ completion: COMPLETION_TRACKING_MANUAL, completionview: false, completionsubmit: false });
  const update = useWsMutation(coreCompletionUpdateModuleSettings, [coreCompletionGetModuleSettings, coreCompletionGetActivitiesCompletionStatus], { quiet: true });
  const all = modules.length > 0 && selected.size === modules.length;
  const toggle = (cmid: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(cmid);
      else next.delete(cmid);
      return next;
    });
  const automatic = choice.completion === COMPLETION_TRACKING_AUTOMATIC;
  const anyAssign = modules.some((cm) => selected.has(cm.cmid) && cm.modname === 'assign');
  const apply = () => {
    const cmids = modules.filter((cm) => selected.has(cm.cmid)).map((cm) => cm.cmid);
    update.mutate(
      { courseid, cmids, completion: choice.completion, completionview: automatic && choice.completionview, ...(automatic && anyAssign ? { completionsubmit: choice.completionsubmit } : {}) },
      {
        onSuccess: () => {
          void addNotification({ message: cmids.length === 1 ? s('appliedone') : s('applied', cmids.length), type: 'success' });
          setSelected(new Set());
        },
      },
    );
  };
  const sectionLabel = (cm: ModuleCompletionSettings) => cm.sectionname || (cm.section === 0 ? g('general') : g('topic', cm.section));

  return (
    <>
      <p>{s('bulkcompletionintro')}</p>
      <div className="table-scroll">
        <table className="table bulk-completion-table">
          <thead>
            <tr>
              <th scope="col" className="select-cell">
                <input type="checkbox" aria-label={s('selectall')} checked={all} onChange={(e) => setSelected(e.target.checked ? new Set(modules.map((cm) => cm.cmid)) : new Set())} />
              </th>
              <th scope="col">{s('activity')}</th>
              <th scope="col">{s('section')}</th>
              <th scope="col">{s('completion')}</th>
              <th scope="col">{s('rules')}</th>
            </tr>
          </thead>
          <tbody>
            {modules.map((cm) => (
              <tr key={cm.cmid} className={selected.has(cm.cmid) ? 'is-selected' : ''}>
                <td className="select-cell">
                  <input type="checkbox" aria-label={s('selectactivity', cm.name)} checked={selected.has(cm.cmid)} onChange={(e) => toggle(cm.cmid, e.target.checked)} />
                </td>
                <th scope="row">
                  <span className="activity-type">{moduleName(cm.modname)}</span> {cm.name}
                </th>
                <td>{sectionLabel(cm)}</td>
                <td>
                  <TrackingBadge completion={cm.completion} s={s} />
                </td>
                <td>{rulesText(cm, s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="card bulk-completion-form"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <fieldset>
          <legend>{s('completion')}</legend>
          {[COMPLETION_TRACKING_NONE, COMPLETION_TRACKING_MANUAL, COMPLETION_TRACKING_AUTOMATIC].map((value) => (
            <label key={value} className="radio-line">
              <input type="radio" name="completion" value={value} checked={choice.completion === value} onChange={() => setChoice({ ...choice, completion: value })} />{' '}
              {s(['completion_none', 'completion_manual', 'completion_automatic'][value] ?? 'completion_none')}
            </label>
          ))}
          {automatic && (
            <div className="bulk-completion-rules">
              <label className="radio-line">
                <input type="checkbox" checked={choice.completionview} onChange={(e) => setChoice({ ...choice, completionview: e.target.checked })} /> {s('completionview')}
              </label>
              <label className="radio-line">
                <input type="checkbox" checked={choice.completionsubmit} onChange={(e) => setChoice({ ...choice, completionsubmit: e.target.checked })} /> {s('completionsubmit')}
              </label>
            </div>
          )}
        </fieldset>
        {update.error && (
          <div className="alert alert-error" role="alert">
            <div className="alert-message">{update.error.message}</div>
          </div>
        )}
        <div className="toolbar bulk-completion-actions">
          <PendingButton isPending={update.isPending} type="submit" className="btn btn-primary" isDisabled={selected.size === 0}>
            {selected.size === 1 ? s('applyone') : s('apply', selected.size)}
          </PendingButton>
          <span className="muted" aria-live="polite">
            {selected.size === 0 ? s('noneselected') : s('selected', selected.size)}
          </span>
        </div>
      </form>
    </>
  );
}

function TrackingBadge({ completion, s }: { completion: number; s: StringLookup }) {
  if (completion === COMPLETION_TRACKING_MANUAL) return <span className="badge">{s('status_manual')}</span>;
  if (completion === COMPLETION_TRACKING_AUTOMATIC) return <span className="badge completion-badge is-done">{s('status_automatic')}</span>;
  return <span className="badge badge-muted">{s('status_none')}</span>;
}

/** The conditions automatic completion checks, as words ("View, Make a submission"). */
function rulesText(cm: ModuleCompletionSettings, s: StringLookup): string {
  if (cm.completion !== COMPLETION_TRACKING_AUTOMATIC) return '—';
  const rules = [
    ...(cm.completionview ? [s('detail_desc:view')] : []),
    ...(cm.modname === 'assign' ? (cm.completionsubmit ? [s('detail_desc:submit')] : []) : cm.ownrule === 'completionattempt' ? [s('detail_desc:attempt')] : cm.ownrule ? [s('detail_desc:submitfeedback')] : []),
  ];
  return rules.length ? rules.join(', ') : s('norules');
}
