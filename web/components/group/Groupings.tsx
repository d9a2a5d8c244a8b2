import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreGroupGetCourseGroups, coreGroupGetOverview } from '../../../api/group';
import { coreGroupDeleteGroupings, coreGroupGetCourseGroupings, coreGroupGetGroupings } from '../../../api/grouping';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { GroupingForm, type EditableGrouping } from './GroupingForm';
import { GroupingGroupsDialog } from './GroupingGroupsDialog';
import { GroupsNav } from './GroupsNav';
import './group.css';

type Grouping = ResultOf<typeof coreGroupGetGroupings>[number];

const STRINGS = [
  'groups',
  'groupings',
  'creategrouping',
  'editgrouping',
  'deletegrouping',
  'deletegroupingconfirm',
  'groupingdeleted',
  'nogroupings',
  'nogroupingsdesc',
  'groupsingrouping',
  'nogroupsingrouping',
  'managegroupinggroups',
  'groupcount',
  'onegroup',
] as const;

/** `/group/groupings.php?id=<course>`: a course's groupings with their groups. */
export function Groupings() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id'));
  const s = useStrings('core_group', STRINGS);
  const overview = useWsQuery(coreGroupGetOverview, { courseid }, { meta: { quiet: true } });
  const list = useWsQuery(coreGroupGetCourseGroupings, { courseid }, { enabled: overview.isSuccess });
  const ids = (list.data ?? []).map((g) => g.id);
  const details = useWsQuery(coreGroupGetGroupings, { groupingids: ids, returngroups: true }, { enabled: ids.length > 0 });
  const groups = useWsQuery(coreGroupGetCourseGroups, { courseid }, { enabled: overview.isSuccess });
  const remove = useWsMutation(coreGroupDeleteGroupings, [coreGroupGetCourseGroupings, coreGroupGetGroupings]);
  const [editing, setEditing] = useState<EditableGrouping | 'new' | null>(null);
  const [choosing, setChoosing] = useState<Grouping | null>(null);

  if (overview.error) return <ErrorPage message={overview.error.message} />;
  if (overview.isPending) return <Loading />;
  const course = overview.data.course;
  const loading = list.isPending || (ids.length > 0 && details.isPending);
  // The details answer by id; the course list gives the order (by name).
  const byId = new Map((details.data ?? []).map((g) => [g.id, g]));
  const groupings = ids.flatMap((id) => byId.get(id) ?? []);
  const groupCount = (n: number) => (n === 1 ? s('onegroup') : s('groupcount', n));

  async function deleteGrouping(grouping: Grouping) {
    const ok = await confirmDialog({
      title: s('deletegrouping'),
      message: s('deletegroupingconfirm', { name: grouping.name, count: grouping.groups?.length ?? 0 }),
      confirmLabel: s('deletegrouping'),
      destructive: true,
    });
    if (ok) remove.mutate({ groupingids: [grouping.id] }, { onSuccess: () => void addNotification({ message: s('groupingdeleted'), type: 'success' }) });
  }

  const create = (
    <Button className="btn btn-primary" onPress={() => setEditing('new')}>
      {s('creategrouping')}
    </Button>
  );
  return (
    <Page
      title={s('groupings')}
      breadcrumb={[
        { label: course.shortname, to: relativeUrl('/course/view.php', { id: course.id }) },
        { label: s('groups'), to: relativeUrl('/group/index.php', { id: course.id }) },
      ]}
      actions={create}
    >
      <GroupsNav courseid={courseid} current="groupings" />
      {loading ? (
        <Loading />
      ) : groupings.length === 0 ? (
        <div className="card empty-state">
          <p>
            <strong>{s('nogroupings')}</strong>
          </p>
          <p>{s('nogroupingsdesc')}</p>
          {create}
        </div>
      ) : (
        <ul className="groupings-list">
          {groupings.map((grouping) => (
            <li key={grouping.id} className="card grouping-card">
              <div className="grouping-head">
                <h2>
                  {grouping.name}
                  {grouping.idnumber && <span className="muted small grouping-idnumber">{grouping.idnumber}</span>}
                </h2>
                <span className="group-actions">
                  <Button className="btn btn-link" aria-label={`${s('managegroupinggroups')}: ${grouping.name}`} onPress={() => setChoosing(grouping)}>
                    {s('managegroupinggroups')}
                  </Button>
                  <Button
                    className="btn btn-link"
                    aria-label={`${s('editgrouping')}: ${grouping.name}`}
                    onPress={() => setEditing({ id: grouping.id, name: grouping.name, idnumber: grouping.idnumber, description: htmlToText(grouping.description) })}
                  >
                    {s('editgrouping')}
                  </Button>
                  <Button className="btn btn-link danger" aria-label={`${s('deletegrouping')}: ${grouping.name}`} onPress={() => void deleteGrouping(grouping)}>
                    {s('deletegrouping')}
                  </Button>
                </span>
              </div>
              {/* Cleaned by the server (formatText) before it is sent. */}
              {grouping.description && <div className="rich-text muted" dangerouslySetInnerHTML={{ __html: grouping.description }} />}
              <section aria-label={`${s('groupsingrouping')}: ${grouping.name}`}>
                {grouping.groups && grouping.groups.length > 0 ? (
                  <>
                    <p className="muted small">
                      {s('groupsingrouping')} · {groupCount(grouping.groups.length)}
                    </p>
                    <ul className="grouping-groups">
                      {grouping.groups.map((group) => (
                        <li key={group.id} className="badge">
                          {group.name}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <p className="muted">{s('nogroupsingrouping')}</p>
                )}
              </section>
            </li>
          ))}
        </ul>
      )}
      {editing && <GroupingForm courseid={courseid} grouping={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      {choosing && (
        <GroupingGroupsDialog
          courseid={courseid}
          grouping={choosing}
          current={(choosing.groups ?? []).map((g) => g.id)}
          groups={groups.data}
          onClose={() => setChoosing(null)}
        />
      )}
    </Page>
  );
}
