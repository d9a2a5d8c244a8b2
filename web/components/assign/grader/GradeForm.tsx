import { useImperativeHandle, useRef, useState, type Ref } from 'react';
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

/** What the page asks of the form: whether it holds unsaved changes, and to save them (true when saved). */
export interface GradeFormHandle {
  save: () => Promise<boolean>;
}

interface GradeFormProps {
  panel: GradingPanel;
  s: StringLookup;
  ref: Ref<GradeFormHandle>;
  onDirtyChange: (dirty: boolean) => void;
  /** "Save and show next" saved the grade. */
  onSavedNext: () => void;
}

/**
 * The grading form for one user, filled from the panel it was loaded with. Saving sends the whole form;
 * warnings keep what was typed and show each next to its field, with a summary above.
 */
export function GradeForm({ panel, s, ref, onDirtyChange, onSavedNext }: GradeFormProps) {
  const client = useQueryClient();
  const [loaded] = useState(() => initialValues(panel));
  const [values, setValues] = useState(loaded);
  const [warnings, setWarnings] = useState<Warning[]>([]);
  /** The save under way, by the button that started it ('save' also for shortcuts and the unsaved-changes question). */
  const [pending, setPending] = useState<'save' | 'next' | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { grade, gradeitem, guide, user } = panel;
  const errors = new Map(warnings.filter((w) => w.item && w.warningcode !== 'gradechanged').map((w) => [w.item ?? '', w.message]));
  const gradeChanged = warnings.some((w) => w.warningcode === 'gradechanged');

  const update = (next: GradeFormValues) => {
    setValues(next);
    onDirtyChange(isDirty(next, loaded));
  };

  async function save(via: 'save' | 'next' = 'save'): Promise<boolean> {
    if (pending) return false;
    setPending(via);
    try {
      const answer = await call(modAssignSubmitGradingForm, { assignmentid: panel.assign.id, userid: user.id, jsonformdata: encodeGradingForm(panel, values) });
      if (answer.length > 0) {
        setWarnings(answer);
        requestAnimationFrame(() => summaryRef.current?.focus());
        return false;
      }
      setWarnings([]);
      onDirtyChange(false);
      void addNotification({ message: s('gradechangessaveddetail'), type: 'success' });
      // Not awaited: moving on to another user need not wait for this one's panel to be read again.
      void client.invalidateQueries({ queryKey: [modAssignGetGradingPanel.name, { assignid: panel.assign.id, userid: user.id }] });
      void client.invalidateQueries({ queryKey: [modAssignListParticipants.name] });
      void client.invalidateQueries({ queryKey: [modAssignGetGradingTable.name] });
      return true;
    } catch (error) {
      void showException(error);
      return false;
    } finally {
      setPending(null);
    }
  }
  useImperativeHandle(ref, () => ({ save: () => save() }));

  const reload = () => {
    onDirtyChange(false);
    void client.invalidateQueries({ queryKey: [modAssignGetGradingPanel.name, { assignid: panel.assign.id, userid: user.id }] });
  };
  const reset = () => {
    setWarnings([]);
    update(loaded);
  };

  const gradeError = errors.get('grade');
  return (
    <form
      className="grader-form form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
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
            <Button className="btn btn-secondary" onPress={reload}>
              {s('reload')}
            </Button>
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
        <input type="checkbox" checked={values.notify} onChange={(e) => setValues({ ...values, notify: e.target.checked })} /> {s('sendstudentnotifications')}
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
          onPress={() => void save('next').then((ok) => ok && onSavedNext())}
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
