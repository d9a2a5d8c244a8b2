import { useId, useState, type FormEvent } from 'react';
import { describedBy, FormField } from '../../platform/FormField';
import { FormDialog } from '../../platform/dialogs';
import type { StringLookup } from '../../platform/useStrings';

interface PreflightDialogProps {
  s: StringLookup;
  /** quizpassword, timelimit, securewindow: what this start needs. */
  parts: readonly string[];
  timelimitText: string;
  pending: boolean;
  /** The server's refusal of the password, shown beside the field. */
  passwordError?: string;
  onSubmit: (preflight: Array<{ name: string; value: string }>) => void;
  onClose: () => void;
}

/** The pre-flight check before an attempt: the password field, the time-limit notice, the pop-up notice. */
export function PreflightDialog({ s, parts, timelimitText, pending, passwordError, onSubmit, onClose }: PreflightDialogProps) {
  const formId = useId();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const needsPassword = parts.includes('quizpassword');
  const error = passwordError ?? (tried && needsPassword && password === '' ? s('required') : undefined);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTried(true);
    if (needsPassword && password === '') return;
    onSubmit(needsPassword ? [{ name: 'quizpassword', value: password }] : []);
  };
  return (
    <FormDialog title={s('startattemptheader')} formId={formId} submitLabel={s('startattempt')} cancelLabel={s('cancel')} pending={pending} onSubmit={submit} onClose={onClose}>
      {needsPassword && (
        <>
          <p>{s('requirepasswordmessage')}</p>
          <FormField id={passwordId} label={s('quizpassword')} error={error}>
            <input id={passwordId} type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} aria-required {...describedBy(passwordId, error)} autoFocus />
          </FormField>
        </>
      )}
      {parts.includes('timelimit') && (
        <div className="quiz-preflight-notice">
          <h3>{s('confirmstartheader')}</h3>
          <p>{s('confirmstarttimelimit', timelimitText)}</p>
        </div>
      )}
      {parts.includes('securewindow') && <p className="quiz-preflight-notice">{s('popupnotice')}</p>}
    </FormDialog>
  );
}
