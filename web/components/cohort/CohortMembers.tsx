import { useState, type ChangeEvent } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { coreCohortAddCohortMembers, coreCohortDeleteCohortMembers, coreCohortListCohorts, coreCohortListMembers } from '../../../api/cohort';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { WithAvatar } from '../user/Avatar';
import { identitySummary } from '../user/identity';
import './cohort.css';

const PER_PAGE = 50;
/** A pasted list or an uploaded file: one username or email per line, or the first column of a CSV. */
export function listedUsers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"|"$/g, ''))
        .filter((v) => v && !/^(username|email)$/i.test(v)),
    ),
  ];
}

/** A cohort's members: search, remove, add one by one, or add a pasted or uploaded list. */
export function CohortMembers() {
  const s = useStrings('core_cohort', [
    'cohorts',
    'assignmembers',
    'members',
    'nomembers',
    'searchusers',
    'nocandidates',
    'add',
    'addnamed',
    'remove',
    'removenamed',
    'removememberconfirm',
    'memberadded',
    'memberremoved',
    'uploadmembers',
    'uploadmembershelp',
    'chooselist',
    'addlisted',
    'uploadresult',
    'notfoundlist',
    'membercount',
    'onemember',
  ]);
  const [params] = useSearchParams();
  const cohortid = Number(params.get('id'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [listText, setListText] = useState('');
  const [result, setResult] = useState<{ added: number; missing: string[] } | null>(null);
  const data = useWsQuery(coreCohortListMembers, { cohortid, search, page, perpage: PER_PAGE }, { meta: { quiet: true }, placeholderData: (previous) => previous });
  const add = useWsMutation(coreCohortAddCohortMembers, [coreCohortListMembers, coreCohortListCohorts]);
  // Adding one person is apart from adding the list, so that only the button pressed shows it under way.
  const addPerson = useWsMutation(coreCohortAddCohortMembers, [coreCohortListMembers, coreCohortListCohorts]);
  const drop = useWsMutation(coreCohortDeleteCohortMembers, [coreCohortListMembers, coreCohortListCohorts]);

  if (data.error) return <ErrorPage message={data.error.message} />;
  if (!data.data) return <Loading />;
  const { cohort, members, candidates, total } = data.data;
  const adding = add.isPending || addPerson.isPending;

  async function remove(person: { id: number; fullname: string }) {
    const ok = await confirmDialog({ title: s('removenamed', person.fullname), message: s('removememberconfirm', { user: person.fullname, cohort: cohort.name }), confirmLabel: s('remove'), destructive: true });
    if (ok) drop.mutate({ members: [{ cohortid, userid: person.id }] }, { onSuccess: () => void addNotification({ message: s('memberremoved'), type: 'success' }) });
  }

  function addOne(person: { id: number }) {
    addPerson.mutate({ members: [{ cohorttype: { type: 'id', value: cohortid }, usertype: { type: 'id', value: person.id } }] }, { onSuccess: () => void addNotification({ message: s('memberadded'), type: 'success' }) });
  }

  function addListed() {
    const names = listedUsers(listText);
    if (names.length === 0) return;
    add.mutate(
      { members: names.map((value) => ({ cohorttype: { type: 'id' as const, value: cohortid }, usertype: { type: value.includes('@') ? ('email' as const) : ('username' as const), value } })) },
      {
        onSuccess: (answer) => {
          const missing = answer.warnings.filter((w) => w.warningcode === 'usernotfound').map((w) => w.item ?? '');
          setResult({ added: answer.added, missing });
          setListText(missing.join('\n'));
        },
      },
    );
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setListText(listedUsers(await file.text()).join('\n'));
  }

  return (
    <Page title={s('assignmembers', cohort.name)} breadcrumb={[{ label: s('cohorts'), to: '/cohort/index.php' }]}>
      <div className="cohort-members">
        <section className="card" aria-labelledby="cohort-members-heading">
          <h2 id="cohort-members-heading">
            {s('members')} <span className="muted small">({total === 1 ? s('onemember') : s('membercount', total)})</span>
          </h2>
          <input
            type="search"
            className="filter-input"
            aria-label={s('searchusers')}
            placeholder={s('searchusers')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
          {members.length === 0 ? (
            <p className="muted">{s('nomembers')}</p>
          ) : (
            <ul className="people">
              {members.map((person) => (
                <li key={person.id}>
                  <WithAvatar user={person}>
                    {person.fullname} <span className="muted small">{identitySummary(person)}</span>
                  </WithAvatar>
                  <Button className="btn btn-link danger" aria-label={s('removenamed', person.fullname)} onPress={() => void remove(person)}>
                    {s('remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={Math.ceil(total / PER_PAGE)} onChange={setPage} />
          {search.trim() && (
            <>
              <h3>{s('searchusers')}</h3>
              {candidates.length === 0 ? (
                <p className="muted">{s('nocandidates')}</p>
              ) : (
                <ul className="people">
                  {candidates.map((person) => (
                    <li key={person.id}>
                      <WithAvatar user={person}>
                        {person.fullname} <span className="muted small">{identitySummary(person)}</span>
                      </WithAvatar>
                      <PendingButton
                        className="btn btn-secondary"
                        aria-label={s('addnamed', person.fullname)}
                        isPending={addPerson.isPending && addPerson.variables.members[0]?.usertype.value === person.id}
                        isDisabled={adding}
                        onPress={() => addOne(person)}
                      >
                        {s('add')}
                      </PendingButton>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
        <section className="card" aria-labelledby="cohort-upload-heading">
          <h2 id="cohort-upload-heading">{s('uploadmembers')}</h2>
          <div className="field">
            <label htmlFor="cohort-list">{s('uploadmembers')}</label>
            <textarea id="cohort-list" rows={8} value={listText} onChange={(e) => setListText(e.target.value)} aria-describedby="cohort-list-help" />
            <p id="cohort-list-help" className="field-help">
              {s('uploadmembershelp')}
            </p>
          </div>
          <div className="field">
            <label htmlFor="cohort-file">{s('chooselist')}</label>
            <input id="cohort-file" type="file" accept=".csv,.txt,text/csv,text/plain" onChange={(e) => void readFile(e)} />
          </div>
          {result && (
            <div className={`alert ${result.missing.length ? 'alert-warning' : 'alert-success'}`} role="status">
              <div className="alert-message">
                {s('uploadresult', { added: result.added, skipped: result.missing.length })}
                {result.missing.length > 0 && <div>{s('notfoundlist', result.missing.join(', '))}</div>}
              </div>
            </div>
          )}
          <div className="form-actions">
            <PendingButton isPending={add.isPending} className="btn btn-primary" isDisabled={listedUsers(listText).length === 0 || addPerson.isPending} onPress={addListed}>
              {s('addlisted')}
            </PendingButton>
          </div>
        </section>
      </div>
    </Page>
  );
}
