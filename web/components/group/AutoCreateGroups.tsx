import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { coreGroupAutoCreate, coreGroupGetCourseGroups } from '../../../api/group';
import { coreGroupGetCourseGroupings, coreGroupGetGroupings } from '../../../api/grouping';
import type { ResultOf } from '../../../api/contract';
import { AjaxError, call } from '../../platform/ajax';
import { ModalDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

type Plan = ResultOf<typeof coreGroupAutoCreate>;

interface AutoCreateProps {
  courseid: number;
  /** The student role: the default source of members (0 picks every enrolled user). */
  studentroleid: number;
  onClose: () => void;
}

/** Creates several groups at once from the participants, with a preview first. */
export function AutoCreateGroups({ courseid, studentroleid, onClose }: AutoCreateProps) {
  const s = useStrings('core_group', [
    'autocreategroups',
    'namingscheme',
    'namingschemehelp',
    'groupby',
    'groupbygroups',
    'groupbymembers',
    'groupnumber',
    'selectfromrole',
    'anyrole',
    'students',
    'allocation',
    'allocaterandom',
    'allocatefirstname',
    'allocatelastname',
    'preview',
    'previewempty',
    'creategroupsnow',
    'creategroups',
    'groupscreated',
    'cancel',
    'membercount',
    'onemember',
    'autogrouping',
    'autogroupingnone',
    'autogroupingnew',
    'autogroupingname',
    'required',
  ]);
  const [namingscheme, setScheme] = useState('Group @');
  const [groupby, setGroupby] = useState<'groups' | 'members'>('groups');
  const [number, setNumber] = useState('2');
  const [roleid, setRoleid] = useState(studentroleid);
  const [allocation, setAllocation] = useState<'random' | 'firstname' | 'lastname'>('random');
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState('');
  const [previewing, setPreviewing] = useState(false);
  // 'none', 'new', or the id of an existing grouping.
  const [grouping, setGrouping] = useState('none');
  const [groupingname, setGroupingname] = useState('');
  const groupings = useWsQuery(coreGroupGetCourseGroupings, { courseid });
  const create = useWsMutation(coreGroupAutoCreate, [coreGroupGetCourseGroups, coreGroupGetCourseGroupings, coreGroupGetGroupings], { quiet: true });
  const groupingArgs = grouping === 'new' ? { groupingname } : grouping === 'none' ? {} : { groupingid: Number(grouping) };
  const args = { courseid, namingscheme, groupby, number: Number(number), roleid, allocation, ...groupingArgs };

  function showError(e: unknown) {
    if (e instanceof AjaxError) setError(e.message);
    else void showException(e);
  }

  async function preview(event?: FormEvent) {
    event?.preventDefault();
    setError('');
    if (grouping === 'new' && !groupingname.trim()) {
      setError(`${s('autogroupingname')}: ${s('required')}`);
      return;
    }
    setPreviewing(true);
    try {
      setPlan(await call(coreGroupAutoCreate, { ...args, preview: true }));
    } catch (e) {
      setPlan(null);
      showError(e);
    } finally {
      setPreviewing(false);
    }
  }

  function commit() {
    create.mutate(args, {
      onSuccess: (made) => {
        void addNotification({ message: s('groupscreated', made.length), type: 'success' });
        onClose();
      },
      onError: showError,
    });
  }

  const count = (n: number) => (n === 1 ? s('onemember') : s('membercount', n));
  return (
    <ModalDialog
      isOpen
      title={s('autocreategroups')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={previewing} pendingKind="working" className="btn btn-secondary" type="submit" form="autocreate-form">
            {s('preview')}
          </PendingButton>
          <PendingButton isPending={create.isPending} className="btn btn-primary" onPress={commit} isDisabled={!plan || plan.length === 0}>
            {plan && plan.length > 0 ? s('creategroupsnow', plan.length) : s('creategroups')}
          </PendingButton>
        </>
      }
    >
      <form id="autocreate-form" className="form-stack" onSubmit={(e) => void preview(e)} onChange={() => setPlan(null)}>
        {error && (
          <div className="alert alert-error" role="alert">
            <div className="alert-message">{error}</div>
          </div>
        )}
        <div className="field">
          <label htmlFor="ac-scheme">{s('namingscheme')}</label>
          <input id="ac-scheme" type="text" value={namingscheme} onChange={(e) => setScheme(e.target.value)} aria-describedby="ac-scheme-help" />
          <p id="ac-scheme-help" className="field-help">
            {s('namingschemehelp')}
          </p>
        </div>
        <div className="inline-fields">
          <div className="field">
            <label htmlFor="ac-groupby">{s('groupby')}</label>
            <select id="ac-groupby" value={groupby} onChange={(e) => setGroupby(e.target.value === 'members' ? 'members' : 'groups')}>
              <option value="groups">{s('groupbygroups')}</option>
              <option value="members">{s('groupbymembers')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="ac-number">{s('groupnumber')}</label>
            <input id="ac-number" type="number" min={1} max={1000} value={number} onChange={(e) => setNumber(e.target.value)} />
          </div>
        </div>
        <div className="inline-fields">
          <div className="field">
            <label htmlFor="ac-role">{s('selectfromrole')}</label>
            <select id="ac-role" value={roleid} onChange={(e) => setRoleid(Number(e.target.value))}>
              <option value={studentroleid}>{s('students')}</option>
              <option value={0}>{s('anyrole')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="ac-allocation">{s('allocation')}</label>
            <select id="ac-allocation" value={allocation} onChange={(e) => setAllocation(e.target.value === 'firstname' ? 'firstname' : e.target.value === 'lastname' ? 'lastname' : 'random')}>
              <option value="random">{s('allocaterandom')}</option>
              <option value="firstname">{s('allocatefirstname')}</option>
              <option value="lastname">{s('allocatelastname')}</option>
            </select>
          </div>
        </div>
        <div className="inline-fields">
          <div className="field">
            <label htmlFor="ac-grouping">{s('autogrouping')}</label>
            <select id="ac-grouping" value={grouping} onChange={(e) => setGrouping(e.target.value)}>
              <option value="none">{s('autogroupingnone')}</option>
              <option value="new">{s('autogroupingnew')}</option>
              {(groupings.data ?? []).map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          {grouping === 'new' && (
            <div className="field">
              <label htmlFor="ac-groupingname">{s('autogroupingname')}</label>
              <input id="ac-groupingname" type="text" value={groupingname} onChange={(e) => setGroupingname(e.target.value)} aria-required="true" />
            </div>
          )}
        </div>
      </form>
      {plan && (
        <section className="autocreate-preview" aria-label={s('preview')}>
          {plan.length === 0 ? (
            <p className="muted">{s('previewempty')}</p>
          ) : (
            <ul>
              {plan.map((g) => (
                <li key={g.name}>
                  <strong>{g.name}</strong> <span className="muted">({count(g.members.length)})</span>
                  <div className="muted small">{g.members.map((m) => m.fullname).join(', ')}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </ModalDialog>
  );
}
