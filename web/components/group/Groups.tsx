import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import {
  coreGroupAddGroupMembers,
  coreGroupDeleteGroupMembers,
  coreGroupDeleteGroups,
  coreGroupGetCourseGroups,
  coreGroupGetOverview,
  coreGroupListMembers,
} from '../../../api/group';
import type { ResultOf } from '../../../api/contract';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { WithAvatar } from '../user/Avatar';
import { identitySummary } from '../user/identity';
import { AutoCreateGroups } from './AutoCreateGroups';
import { CopyGroups } from './CopyGroups';
import { GroupForm, type EditableGroup } from './GroupForm';
import { GroupsNav } from './GroupsNav';
import './group.css';

type Group = ResultOf<typeof coreGroupGetCourseGroups>[number];

const STRINGS = [
  'groups',
  'creategroup',
  'autocreategroups',
  'editgroup',
  'deletegroup',
  'deletegroupconfirm',
  'groupdeleted',
  'members',
  'membercount',
  'onemember',
  'nomembers',
  'nogroups',
  'nogroupsdesc',
  'selectgroup',
  'addmembers',
  'removemember',
  'removememberconfirm',
  'remove',
  'potentialmembers',
  'searchparticipants',
  'nopotential',
  'morepotential',
  'addselected',
  'membersadded',
  'memberremoved',
  'copygroups',
] as const;

/** A course's groups: the list on the left, the chosen group's members on the right. */
export function Groups() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id'));
  const s = useStrings('core_group', STRINGS);
  const overview = useWsQuery(coreGroupGetOverview, { courseid }, { meta: { quiet: true } });
  const groups = useWsQuery(coreGroupGetCourseGroups, { courseid }, { enabled: overview.isSuccess });
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<EditableGroup | 'new' | null>(null);
  const [autoCreating, setAutoCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const remove = useWsMutation(coreGroupDeleteGroups, [coreGroupGetCourseGroups]);

  if (overview.error) return <ErrorPage message={overview.error.message} />;
  if (overview.isPending) return <Loading />;
  const course = overview.data.course;
  const list = groups.data ?? [];
  const current = list.find((g) => g.id === selected) ?? null;
  const count = (n: number) => (n === 1 ? s('onemember') : s('membercount', n));

  async function deleteGroup(group: Group) {
    const ok = await confirmDialog({
      title: s('deletegroup'),
      message: s('deletegroupconfirm', { name: group.name, count: group.membercount }),
      confirmLabel: s('deletegroup'),
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(
      { groupids: [group.id] },
      {
        onSuccess: () => {
          if (selected === group.id) setSelected(null);
          void addNotification({ message: s('groupdeleted'), type: 'success' });
        },
      },
    );
  }

  return (
    <Page
      title={s('groups')}
      breadcrumb={[{ label: course.shortname, to: relativeUrl('/course/view.php', { id: course.id }) }]}
      actions={
        <>
          <Button className="btn btn-secondary" onPress={() => setCopying(true)}>
            {s('copygroups')}
          </Button>
          <Button className="btn btn-secondary" onPress={() => setAutoCreating(true)}>
            {s('autocreategroups')}
          </Button>
          <Button className="btn btn-primary" onPress={() => setEditing('new')}>
            {s('creategroup')}
          </Button>
        </>
      }
    >
      <GroupsNav courseid={courseid} current="groups" />
      {groups.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <div className="card empty-state">
          <p>
            <strong>{s('nogroups')}</strong>
          </p>
          <p>{s('nogroupsdesc')}</p>
        </div>
      ) : (
        <div className="groups-layout">
          <section className="card groups-list" aria-label={s('groups')}>
            <ul>
              {list.map((group) => (
                <li key={group.id} className={group.id === selected ? 'is-selected' : ''}>
                  <button type="button" className="group-pick" aria-pressed={group.id === selected} onClick={() => setSelected(group.id)}>
                    <span className="group-name">{group.name}</span>
                    <span className="muted small">{count(group.membercount)}</span>
                  </button>
                  <span className="group-actions">
                    <Button className="btn btn-link" aria-label={`${s('editgroup')}: ${group.name}`} onPress={() => setEditing({ id: group.id, name: group.name, idnumber: group.idnumber, description: htmlToText(group.description) })}>
                      {s('editgroup')}
                    </Button>
                    <Button className="btn btn-link danger" aria-label={`${s('deletegroup')}: ${group.name}`} onPress={() => void deleteGroup(group)}>
                      {s('deletegroup')}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="card group-members" aria-label={current ? `${s('members')}: ${current.name}` : s('members')}>
            {current ? <GroupMembers key={current.id} group={current} s={s} /> : <p className="muted">{s('selectgroup')}</p>}
          </section>
        </div>
      )}
      {editing && (
        <GroupForm
          courseid={courseid}
          group={editing === 'new' ? undefined : editing}
          onClose={(id) => {
            setEditing(null);
            if (id) setSelected(id);
          }}
        />
      )}
      {copying && <CopyGroups courseid={courseid} onClose={() => setCopying(false)} />}
      {autoCreating && <AutoCreateGroups courseid={courseid} studentroleid={overview.data.studentroleid} onClose={() => setAutoCreating(false)} />}
    </Page>
  );
}

function GroupMembers({ group, s }: { group: Group; s: StringLookup }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const members = useWsQuery(coreGroupListMembers, { groupid: group.id, search });
  const add = useWsMutation(coreGroupAddGroupMembers, [coreGroupGetCourseGroups, coreGroupListMembers]);
  const drop = useWsMutation(coreGroupDeleteGroupMembers, [coreGroupGetCourseGroups, coreGroupListMembers]);

  async function removeMember(person: { id: number; fullname: string }) {
    const ok = await confirmDialog({ title: s('removemember', person.fullname), message: s('removememberconfirm', { user: person.fullname, group: group.name }), confirmLabel: s('remove'), destructive: true });
    if (ok) drop.mutate({ members: [{ groupid: group.id, userid: person.id }] }, { onSuccess: () => void addNotification({ message: s('memberremoved'), type: 'success' }) });
  }

  function addPicked() {
    add.mutate(
      { members: [...picked].map((userid) => ({ groupid: group.id, userid })) },
      {
        onSuccess: () => {
          setPicked(new Set());
          void addNotification({ message: s('membersadded'), type: 'success' });
        },
      },
    );
  }

  const data = members.data;
  return (
    <div className="group-members-grid">
      <div>
        <h2>
          {s('members')}: {group.name}
        </h2>
        {!data ? (
          <Loading />
        ) : data.members.length === 0 ? (
          <p className="muted">{s('nomembers')}</p>
        ) : (
          <ul className="people">
            {data.members.map((person) => (
              <li key={person.id}>
                <WithAvatar user={person}>
                  {person.fullname} <span className="muted small">{identitySummary(person, data.identityfields)}</span>
                </WithAvatar>
                <Button className="btn btn-link danger" aria-label={s('removemember', person.fullname)} onPress={() => void removeMember(person)}>
                  {s('remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2>{s('addmembers')}</h2>
        <input type="search" className="filter-input" aria-label={s('searchparticipants')} placeholder={s('searchparticipants')} value={search} onChange={(e) => setSearch(e.target.value)} />
        {data && data.potential.length === 0 ? (
          <p className="muted">{s('nopotential')}</p>
        ) : (
          data && (
            <fieldset className="people pick-list">
              <legend className="visually-hidden">{s('potentialmembers')}</legend>
              {data.potential.map((person) => (
                <label key={person.id}>
                  <input
                    type="checkbox"
                    checked={picked.has(person.id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(person.id);
                      else next.delete(person.id);
                      setPicked(next);
                    }}
                  />
                  {person.fullname} <span className="muted small">{identitySummary(person, data.identityfields)}</span>
                </label>
              ))}
              {data.potentialtotal > data.potential.length && <p className="muted small">{s('morepotential', { shown: data.potential.length, total: data.potentialtotal })}</p>}
            </fieldset>
          )
        )}
        <PendingButton isPending={add.isPending} className="btn btn-primary" isDisabled={picked.size === 0} onPress={addPicked}>
          {picked.size > 0 ? s('addselected', picked.size) : s('addmembers')}
        </PendingButton>
      </div>
    </div>
  );
}
