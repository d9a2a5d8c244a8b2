import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-aria-components';
import type { Warning } from '../../../../api/types';
import { modAssignGetGradingPanel, modAssignGetGradingTable, modAssignListParticipants, modAssignSubmitGradingForm, type GradingPanel } from '../../../../api/assign';
import { call } from '../../../platform/ajax';
import { showException } from '../../../platform/dialogs';
import { describedBy } from '../../../platform/FormField';
import { addNotification } from '../../../platform/notifications';
import { PendingButton } from '../../../platform/PendingButton';
import { RichText } from '../../../platform/RichText';
import { formatDateTime, formatNumber } from '../../../platform/intl';
import type { StringLookup } from '../../../platform/useStrings';
import { GuideFields } from './GuideFields';
import { encodeGradingForm, initialValues, isDirty, type GradeFormValues } from './gradingForm';

/** What the page asks of the form: to save its changes (true when saved). */
export interface GradeFormHandle {
  /** `stay`: the user stays, and the save ends once the form holds the panel read again; `leave`: the page moves on at once. */
  save: (then: 'stay' | 'leave') => Promise<boolean>;
}

interface GradeFormProps {
  panel: GradingPanel;
  s: StringLookup;
  ref: Ref<GradeFormHandle>;
  onDirtyChange: (dirty: boolean) => void;
  /** "Save and show next" saved the grade. */
  onSavedNext: () => void;
  /** Whether the focus goes to the first field when the form appears (it follows "Save and show next" to this user). */
  focusOnMount?: boolean;
}

/** The panel the form was filled from (its grade's time is what a save is checked against), what that panel held, and what is typed. */
interface FormState {
  panel: GradingPanel;
  loaded: GradeFormValues;
  values: GradeFormValues;
}

function filledFrom(panel: GradingPanel): FormState {
  const loaded = initialValues(panel);
  return { panel, loaded, values: loaded };
}

/** The form filled from a panel read again, unless changes typed since the last load or save would be lost. */
function refilled(form: FormState, panel: GradingPanel): FormState {
  return panel === form.panel || isDirty(form.values, form.loaded) ? form : filledFrom(panel);
}

/** Puts the focus in the form's first field: the grade, the guide's first score, or the feedback. */
function focusFirstField(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('input:not([type="checkbox"]), select, textarea, [contenteditable="true"]')?.focus();
}

/**
 * The grading form for one user, filled from their panel. Saving sends the whole form; warnings keep
 * what was typed and show each next to its field, with a summary above. A panel read again (after a
 * save, or "Reload") fills the same form in place rather than a new one, so the focus stays where it is.
 */
export function GradeForm({ panel, s, ref, onDirtyChange, onSavedNext, focusOnMount = false }: GradeFormProps) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => filledFrom(panel));
  const [seen, setSeen] = useState(panel);
  if (panel !== seen) {
    setSeen(panel);
    setForm((f) => refilled(f, panel));
  }
  const { values, loaded } = form;
  const [warnings, setWarnings] = useState<Warning[]>([]);
  /** The action under way: a save by the button that started it ('save' also for shortcuts and the unsaved-changes question), or "Reload". */
  const [pending, setPending] = useState<'save' | 'next' | 'reload' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { grade, gradeitem, guide, user } = form.panel;
  const panelKey = [modAssignGetGradingPanel.name, { assignid: form.panel.assign.id, userid: user.id }];
  const errors = new Map(warnings.filter((w) => w.item && w.warningcode !== 'gradechanged').map((w) => [w.item ?? '', w.message]));
  const gradeChanged = warnings.some((w) => w.warningcode === 'gradechanged');
  const dirty = isDirty(values, loaded);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const update = (next: GradeFormValues) => setForm((f) => ({ ...f, values: next }));
  const focusAtFirst = useRef(focusOnMount);
  useEffect(() => {
    // Unless the user put the focus somewhere meanwhile (while the panel loaded).
    if (focusAtFirst.current && document.activeElement === document.body) focusFirstField(formRef.current);
  }, []);

  /**
   * Reads the panel again and fills the form from it (as the panel query's answer would, a moment
   * later): after "Reload" in any case, after a save unless changes were typed meanwhile.
   */
  async function refill(force: boolean) {
    await client.invalidateQueries({ queryKey: panelKey });
    const fresh = client.getQueryData<GradingPanel>(panelKey);
    if (fresh) setForm((f) => (force ? filledFrom(fresh) : refilled(f, fresh)));
  }

  async function save(via: 'save' | 'next', then: 'stay' | 'leave'): Promise<boolean> {
    if (pending) return false;
    setPending(via);
    try {
      const sent = values;
      const answer = await call(modAssignSubmitGradingForm, { assignmentid: form.panel.assign.id, userid: user.id, jsonformdata: encodeGradingForm(form.panel, sent) });
      if (answer.length > 0) {
        setWarnings(answer);
        requestAnimationFrame(() => summaryRef.current?.focus());
        return false;
      }
      setWarnings([]);
      // What was sent is what the server holds now: nothing is unsaved unless it was typed during the save.
      setForm((f) => ({ ...f, loaded: sent }));
      void addNotification({ message: s('gradechangessaveddetail'), type: 'success' });
      void client.invalidateQueries({ queryKey: [modAssignListParticipants.name] });
      void client.invalidateQueries({ queryKey: [modAssignGetGradingTable.name] });
      // Staying, the save lasts until the panel is read again: a second save must be checked against the
      // grade's new time, not the one this save replaced (which the server would take for someone else's
      // change). Moving on to another user need not wait for it.
      if (then === 'stay') await refill(false);
      else void client.invalidateQueries({ queryKey: panelKey });
      return true;
    } catch (error) {
      void showException(error);
      return false;
    } finally {
      setPending(null);
    }
  }
  useImperativeHandle(ref, () => ({ save: (then: 'stay' | 'leave') => save('save', then) }));

  /** Someone else changed the grade: the form takes what the server now holds, dropping what was typed. */
  const reload = async () => {
    setPending('reload');
    try {
      await refill(true);
      setWarnings([]);
      // The warning and its button are gone: the focus goes to the grade the other person gave.
      requestAnimationFrame(() => focusFirstField(formRef.current));
    } finally {
      setPending(null);
    }
  };
  const reset = () => {
    setWarnings([]);
    update(loaded);
  };

  const gradeError = errors.get('grade');
  return (
    <form
      ref={formRef}
      className="grader-form form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('save', 'stay');
      }}
    >
      {warnings.length > 0 && (
        <div ref={summaryRef} className={`alert ${gradeChanged ? 'alert-warning' : 'alert-error'}`} role="alert" tabIndex={-1}>
          <div className="alert-message">
            {gradeChanged ? (
              <p>{s('gradechanged')}</p>
            ) : (
              <>
                <p>{s('formerrors')}</p>
                <ul>
                  {warnings.map((w, i) => (
                    <li key={i}>{w.message}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
          {gradeChanged && (
            <PendingButton isPending={pending === 'reload'} pendingKind="working" className="btn btn-secondary" onPress={() => void reload()}>
              {s('reload')}
            </PendingButton>
          )}
        </div>
      )}
      {guide ? (
        <GuideFields
          guide={guide}
          values={values}
          errors={errors}
          onChange={(id, part, value) => update({ ...values, criteria: { ...values.criteria, [id]: { ...(values.criteria[id] ?? { score: '', remark: '' }), [part]: value } } })}
        />
      ) : gradeitem.type === 'points' ? (
        <div className="field grader-gradefield">
          <label htmlFor="grader-grade">{s('gradeoutof', formatNumber(gradeitem.grademax, 2, false))}</label>
          <input
            id="grader-grade"
            name="grade"
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            max={gradeitem.grademax}
            value={values.grade}
            onChange={(e) => update({ ...values, grade: e.target.value })}
            {...describedBy('grader-grade', gradeError)}
          />
          {gradeError && (
            <p id="grader-grade-error" className="field-error">
              {gradeError}
            </p>
          )}
        </div>
      ) : gradeitem.type === 'scale' ? (
        <div className="field grader-gradefield">
          <label htmlFor="grader-grade">{s('grade')}</label>
          <select id="grader-grade" name="grade" value={values.grade} onChange={(e) => update({ ...values, grade: e.target.value })} {...describedBy('grader-grade', gradeError)}>
            <option value="-1">{s('nograde')}</option>
            {gradeitem.scaleitems.map((item, i) => (
              <option key={i} value={String(i + 1)}>
                {item}
              </option>
            ))}
          </select>
          {gradeError && (
            <p id="grader-grade-error" className="field-error">
              {gradeError}
            </p>
          )}
        </div>
      ) : (
        <p className="muted">{s('notgradable')}</p>
      )}
      {grade.timemodified > 0 && (
        <p className="muted small grader-graded">
          {grade.gradername ? `${s('gradedby')}: ${grade.gradername} · ` : ''}
          {s('gradedon')}: {formatDateTime(grade.timemodified)}
        </p>
      )}
      <div className="field">
        <span id="grader-feedback-label" className="field-label">
          {s('feedbackcomments')}
        </span>
        <RichText id="grader-feedback" labelId="grader-feedback-label" rows={5} value={values.feedback} onChange={(feedback) => update({ ...values, feedback })} />
      </div>
      <label className="grader-notify">
        <input type="checkbox" checked={values.notify} onChange={(e) => update({ ...values, notify: e.target.checked })} /> {s('sendstudentnotifications')}
      </label>
      <div className="form-actions grader-actions">
        <PendingButton isPending={pending === 'save'} pendingLabel={s('savinggrade')} isDisabled={pending !== null} type="submit" className="btn btn-primary">
          {s('savechanges')}
        </PendingButton>
        <PendingButton
          isPending={pending === 'next'}
          pendingLabel={s('savinggrade')}
          isDisabled={pending !== null}
          className="btn btn-secondary"
          onPress={() => void save('next', 'leave').then((ok) => ok && onSavedNext())}
        >
          {s('saveandshownext')}
        </PendingButton>
        <Button className="btn btn-link" isDisabled={pending !== null} onPress={reset}>
          {s('reset')}
        </Button>
      </div>
    </form>
  );
}
