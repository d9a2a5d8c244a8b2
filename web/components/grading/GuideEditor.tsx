import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { modAssignGetAssignments } from '../../../api/assign';
import { coreCourseformatGetModule } from '../../../api/courseformat';
import { coreGradingGetDefinitions, coreGradingSaveGuide, GUIDE_STATUS_DRAFT, GUIDE_STATUS_READY, type GuideDefinitionInfo } from '../../../api/grading';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { GuideCommentsEditor } from './GuideCommentsEditor';
import { GuideCriteriaEditor } from './GuideCriteriaEditor';
import { draftErrors, draftOf, guideMaximum, sameDraft, saveArgs, type GuideDraft } from './guideDraft';
import { GUIDE_EDITOR_STRINGS } from './strings';
import './grading.css';

/** `/grade/grading/form/guide/edit.php?cmid=<cmid>`: define or edit an assignment's marking guide. */
export function GuideEditor() {
  const [params] = useSearchParams();
  const cmid = Number(params.get('cmid'));
  const valid = Number.isInteger(cmid) && cmid > 0;
  const cm = useWsQuery(coreCourseformatGetModule, { cmid }, { enabled: valid, meta: { quiet: true } });
  const area = useWsQuery(coreGradingGetDefinitions, { cmids: [cmid] }, { enabled: valid, meta: { quiet: true }, staleTime: 0 });
  const assignments = useWsQuery(modAssignGetAssignments, { courseids: cm.data ? [cm.data.courseid] : [] }, { enabled: Boolean(cm.data), meta: { quiet: true } });
  if (!valid) return <NotFound />;
  const error = cm.error ?? area.error;
  if (error) return <ErrorPage message={error.message} />;
  if (!cm.data || !area.data || assignments.isPending) return <Loading />;
  const definition = area.data.areas[0]?.definitions.find((d) => d.method === 'guide');
  const assignment = assignments.data?.courses.flatMap((c) => c.assignments).find((a) => a.cmid === cmid);
  return <GuideForm key={definition?.timemodified ?? 0} cm={cm.data} definition={definition} activityMax={assignment && assignment.grade > 0 ? assignment.grade : null} />;
}

interface GuideFormProps {
  cm: ModuleInfo;
  definition: GuideDefinitionInfo | undefined;
  /** The activity's maximum grade in points; null for a scale or no grade (no scaling warning). */
  activityMax: number | null;
}

function GuideForm({ cm, definition, activityMax }: GuideFormProps) {
  const s = useStrings('core_grading', GUIDE_EDITOR_STRINGS);
  const m = useStrings('moodle', ['mycourses', 'cancel']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => draftOf(definition, cm.name));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [refusal, setRefusal] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const dirty = !sameDraft(draft, saved);
  useUnsavedChanges(dirty && pending === null);

  /** A field's error text: a string id from validation, or the server's own words. */
  const errorText = (field: string) => {
    const e = errors.get(field);
    return e === undefined ? undefined : e.startsWith('err_') ? s(e) : e;
  };

  const change = (next: GuideDraft) => {
    setDraft(next);
    // Errors already shown follow the fixes as they are made.
    if (errors.size > 0 && !refusal) setErrors(draftErrors(next, GUIDE_STATUS_DRAFT));
  };

  async function save(status: number) {
    const found = draftErrors(draft, status);
    setRefusal('');
    setErrors(found);
    if (found.size > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setPending(status);
    try {
      const answer = await call(coreGradingSaveGuide, saveArgs(cm.id, draft, status));
      const next = draftOf(answer, cm.name);
      setSaved(next);
      setDraft(next);
      void client.invalidateQueries({ queryKey: [coreGradingGetDefinitions.name] });
      void addNotification({ message: s('guidesaved'), type: 'success' });
      if (status === GUIDE_STATUS_READY) void navigate(relativeUrl('/mod/assign/view.php', { id: cm.id }));
    } catch (error) {
      if (error instanceof AjaxError && error.errorcode === 'invalidguide') {
        setRefusal(error.message);
        setErrors(new Map((error.fielderrors ?? []).map((e) => [e.field, e.message])));
        requestAnimationFrame(() => summaryRef.current?.focus());
      } else {
        void showException(error);
      }
    } finally {
      setPending(null);
    }
  }

  const maximum = guideMaximum(draft);
  const title = definition ? s('editguide') : s('defineguide');
  const status = definition ? (definition.status === GUIDE_STATUS_READY ? s('statusready') : s('statusdraft')) : '';
  const nameError = errorText('name');
  const summary = refusal ? [refusal] : [...errors.keys()].map((field) => errorText(field));
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('mycourses'), to: '/my/' },
        { label: cm.coursename, to: relativeUrl('/course/view.php', { id: cm.courseid }) },
        { label: cm.name, to: relativeUrl('/mod/assign/view.php', { id: cm.id }) },
      ]}
    >
      <form
        className="guide-editor form-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(GUIDE_STATUS_READY);
        }}
      >
        <div ref={summaryRef} tabIndex={-1} className="guide-summary-anchor">
          <ErrorSummary title={s('guideerrors')} errors={summary} />
        </div>
        {status && <p className="muted guide-status">{s('guidestatus', status)}</p>}
        <section className="card form-stack" aria-labelledby="guide-general-heading">
          <h2 id="guide-general-heading" className="visually-hidden">
            {s('guide')}
          </h2>
          <div className="field">
            <label htmlFor="guide-name">{s('name')}</label>
            <input id="guide-name" type="text" value={draft.name} onChange={(e) => change({ ...draft, name: e.target.value })} {...describedBy('guide-name', nameError)} />
            {nameError && (
              <p id="guide-name-error" className="field-error">
                {nameError}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor="guide-description">{s('description')}</label>
            <textarea id="guide-description" rows={3} value={draft.description} onChange={(e) => change({ ...draft, description: e.target.value })} />
          </div>
        </section>
        <GuideCriteriaEditor criteria={draft.criteria} s={s} errorText={errorText} onChange={(criteria) => change({ ...draft, criteria })} />
        {activityMax !== null && maximum > 0 && Math.abs(maximum - activityMax) > 1e-9 && (
          <div className="alert alert-warning" role="status">
            <div className="alert-message">{s('scalewarning', { guide: maximum, grade: activityMax })}</div>
          </div>
        )}
        <p className="guide-maxtotal muted">{s('guidemaxtotal', maximum)}</p>
        <GuideCommentsEditor comments={draft.comments} s={s} onChange={(comments) => change({ ...draft, comments })} />
        <div className="form-actions guide-actions">
          <PendingButton isPending={pending === GUIDE_STATUS_READY} type="submit" className="btn btn-primary" isDisabled={pending !== null}>
            {s('saveguide')}
          </PendingButton>
          <PendingButton isPending={pending === GUIDE_STATUS_DRAFT} className="btn btn-secondary" isDisabled={pending !== null} onPress={() => void save(GUIDE_STATUS_DRAFT)}>
            {s('savedraft')}
          </PendingButton>
          <Link className="btn btn-link" to={relativeUrl('/mod/assign/view.php', { id: cm.id })} data-discard>
            {m('cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
