import { useEffect, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { coreEnrolListParticipants, coreEnrolSearchUsers, enrolManualEnrolUsers } from '../../../api/enrol';
import type { IdentityField } from '../../../api/identity';
import { ModalDialog } from '../../platform/dialogs';
import { fromDateInput } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { identitySummary } from '../user/identity';
import { ENROL_STRINGS } from './strings';

interface EnrolUsersDialogProps {
  courseid: number;
  roles: Array<{ id: number; shortname: string; name: string }>;
  isOpen: boolean;
  onClose: () => void;
}

type Picked = { id: number; fullname: string } & Partial<Record<IdentityField, string>>;

const SEARCH_DELAY_MS = 300;

/** Enrol users: pick people who are not enrolled yet (as chips), a role, and optional dates. */
export function EnrolUsersDialog({ courseid, roles, isOpen, onClose }: EnrolUsersDialogProps) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const student = roles.find((r) => r.shortname === 'student') ?? roles[roles.length - 1];
  const [picked, setPicked] = useState<Picked[]>([]);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [roleid, setRoleid] = useState(student?.id ?? 0);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState('');
  const enrol = useWsMutation(enrolManualEnrolUsers, [coreEnrolListParticipants, coreEnrolSearchUsers]);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useWsQuery(coreEnrolSearchUsers, { courseid, search, perpage: 20 }, { enabled: isOpen && search !== '' });
  const options = (found.data ?? []).filter((u) => !picked.some((p) => p.id === u.id));

  function close() {
    setPicked([]);
    setText('');
    setError('');
    onClose();
  }

  function submit() {
    if (picked.length === 0) {
      setError(s('emptyselection'));
      return;
    }
    const timestart = fromDateInput(start);
    const timeend = fromDateInput(end);
    if (timeend > 0 && timeend <= timestart) {
      setError(s('enroltimeendinvalid'));
      return;
    }
    enrol.mutate(
      { enrolments: picked.map((p) => ({ roleid, userid: p.id, courseid, ...(timestart ? { timestart } : {}), ...(timeend ? { timeend } : {}) })) },
      {
        onSuccess: () => {
          void addNotification({ message: s('enrolled', picked.length), type: 'success' });
          close();
        },
      },
    );
  }

  return (
    <ModalDialog
      title={s('enrolusers')}
      isOpen={isOpen}
      onClose={close}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={close}>
            {s('cancel')}
          </Button>
          <PendingButton className="btn btn-primary" onPress={submit} isPending={enrol.isPending}>
            {s('enrolselected')}
          </PendingButton>
        </>
      }
    >
      <div className="enrol-form">
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <ComboBox
          className="enrol-field"
          aria-describedby="enrol-picked"
          inputValue={text}
          onInputChange={setText}
          selectedKey={null}
          items={options}
          menuTrigger="input"
          allowsEmptyCollection={text.trim() !== ''}
          onSelectionChange={(key) => {
            const user = options.find((u) => u.id === key);
            if (!user) return;
            setPicked((list) => [...list, user]);
            setText('');
            setError('');
          }}
        >
          <Label className="field-label">{s('selectusers')}</Label>
          <Input className="enrol-input" placeholder={s('searchusers')} autoFocus />
          <Popover className="menu-popover enrol-popover">
            <ListBox className="menu" renderEmptyState={() => <p className="muted enrol-empty">{search && !found.isFetching ? s('nousersfound') : ''}</p>}>
              {(user: Picked) => (
                <ListBoxItem className="menu-item" id={user.id} textValue={user.fullname}>
                  <span>{user.fullname}</span>
                  {identitySummary(user) && <span className="muted enrol-option-email"> {identitySummary(user)}</span>}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <ul id="enrol-picked" className="enrol-chips" aria-label={s('selectusers')}>
          {picked.map((p) => (
            <li key={p.id} className="enrol-chip">
              {p.fullname}
              <Button className="enrol-chip-remove" aria-label={s('removeuser', p.fullname)} onPress={() => setPicked((list) => list.filter((x) => x.id !== p.id))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
        <label className="field-label" htmlFor="enrol-role">
          {s('assignrole')}
        </label>
        <select id="enrol-role" className="enrol-select" value={roleid} onChange={(e) => setRoleid(Number(e.target.value))}>
          {roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        <div className="enrol-dates">
          <div>
            <label className="field-label" htmlFor="enrol-start">
              {s('startingfrom')}
            </label>
            <input id="enrol-start" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <label className="field-label" htmlFor="enrol-end">
              {s('enrolmentends')}
            </label>
            <input id="enrol-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
      </div>
    </ModalDialog>
  );
}
