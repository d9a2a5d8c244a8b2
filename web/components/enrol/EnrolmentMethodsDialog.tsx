import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { ArgsOf } from '../../../api/contract';
import { enrolSelfGetSettings, enrolSelfUpdateSettings } from '../../../api/enrol';
import { Loading } from '../../app/Page';
import { ModalDialog } from '../../platform/dialogs';
import { fromDateInput, toDateInput } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { ENROL_STRINGS } from './strings';

const FORM_ID = 'enrol-methods-form';

/** The course's self enrolment: on or off, its key and the window in which it is open. */
export function EnrolmentMethodsDialog({ courseid, onClose }: { courseid: number; onClose: () => void }) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const settings = useWsQuery(enrolSelfGetSettings, { courseid });
  // The save is the footer's, whose button shows it under way; the form only gathers the settings.
  const save = useWsMutation(enrolSelfUpdateSettings, [enrolSelfGetSettings]);
  const footer = settings.data ? (
    <>
      <Button className="btn btn-secondary" onPress={onClose}>
        {s('cancel')}
      </Button>
      <PendingButton isPending={save.isPending} type="submit" form={FORM_ID} className="btn btn-primary">
        {s('savechanges')}
      </PendingButton>
    </>
  ) : undefined;
  const submit = (changes: ArgsOf<typeof enrolSelfUpdateSettings>) =>
    save.mutate(changes, {
      onSuccess: () => {
        void addNotification({ message: s('methodssaved'), type: 'success' });
        onClose();
      },
    });
  return (
    <ModalDialog title={s('enrolmentmethods')} isOpen onClose={onClose} footer={footer}>
      {settings.data ? <SelfSettingsForm courseid={courseid} initial={settings.data} saving={save.isPending} onSave={submit} /> : <Loading />}
    </ModalDialog>
  );
}

interface Settings {
  enabled: boolean;
  password: string;
  enrolstartdate: number;
  enrolenddate: number;
}

interface SelfSettingsFormProps {
  courseid: number;
  initial: Settings;
  saving: boolean;
  onSave: (changes: ArgsOf<typeof enrolSelfUpdateSettings>) => void;
}

function SelfSettingsForm({ courseid, initial, saving, onSave }: SelfSettingsFormProps) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [password, setPassword] = useState(initial.password);
  const [start, setStart] = useState(toDateInput(initial.enrolstartdate));
  const [end, setEnd] = useState(toDateInput(initial.enrolenddate));
  const [error, setError] = useState('');

  function submit() {
    const enrolstartdate = fromDateInput(start);
    const enrolenddate = fromDateInput(end);
    if (enrolenddate > 0 && enrolenddate <= enrolstartdate) {
      setError(s('enroltimeendinvalid'));
      return;
    }
    setError('');
    onSave({ courseid, enabled, password, enrolstartdate, enrolenddate });
  }

  return (
    <form
      id={FORM_ID}
      aria-busy={saving}
      className="enrol-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="enrol-method-name">{s('pluginname_self')}</h3>
      <label className="enrol-toggle">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {s('selfenrolenable')}
      </label>
      <label className="field-label" htmlFor="self-key">
        {s('enrolkey')}
      </label>
      <input id="self-key" type="text" autoComplete="off" maxLength={50} value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="self-key-help" />
      <p id="self-key-help" className="muted enrol-help">
        {s('enrolkeyhelp')}
      </p>
      <div className="enrol-dates">
        <div>
          <label className="field-label" htmlFor="self-start">
            {s('enrolstartdate')}
          </label>
          <input id="self-start" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div>
          <label className="field-label" htmlFor="self-end">
            {s('enrolenddate')}
          </label>
          <input id="self-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
