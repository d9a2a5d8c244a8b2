import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { coreRoleGetAllowMatrix, coreRoleSetAllowMatrix } from '../../../api/role';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { RoleTabs } from './RoleTabs';
import { useRoleStrings } from './strings';
import './roles.css';

type Matrix = ResultOf<typeof coreRoleGetAllowMatrix>;
type Mode = 'assign' | 'override';

const pairKey = (roleid: number, targetid: number) => `${roleid}:${targetid}`;

/** The allow-assign or allow-override matrix (/admin/roles/allow.php?mode=…) as a grid of checkboxes. */
export function AllowMatrix() {
  const [params] = useSearchParams();
  const mode: Mode = params.get('mode') === 'override' ? 'override' : 'assign';
  const matrix = useWsQuery(coreRoleGetAllowMatrix, { mode });
  if (matrix.error) return <ErrorPage message={matrix.error.message} />;
  if (!matrix.data) return <Loading />;
  return <MatrixForm key={`${mode}:${matrix.dataUpdatedAt}`} mode={mode} matrix={matrix.data} />;
}

function MatrixForm({ mode, matrix }: { mode: Mode; matrix: Matrix }) {
  const s = useRoleStrings();
  const m = useStrings('moodle', ['administrationsite']);
  const saved = new Set(matrix.allowed.map((p) => pairKey(p.roleid, p.targetid)));
  const [checked, setChecked] = useState<ReadonlySet<string>>(saved);
  const save = useWsMutation(coreRoleSetAllowMatrix, [coreRoleGetAllowMatrix]);
  const dirty = checked.size !== saved.size || [...checked].some((k) => !saved.has(k));
  useUnsavedChanges(dirty && !save.isPending);
  const title = s(mode === 'assign' ? 'allowassign' : 'allowoverride');

  function toggle(key: string, on: boolean) {
    const next = new Set(checked);
    if (on) next.add(key);
    else next.delete(key);
    setChecked(next);
  }

  function submit() {
    const allowed = [...checked].map((k) => {
      const [roleid, targetid] = k.split(':').map(Number);
      return { roleid: roleid ?? 0, targetid: targetid ?? 0 };
    });
    save.mutate({ mode, allowed }, { onSuccess: () => void addNotification({ message: s('allowsaved'), type: 'success' }) });
  }

  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('administrationsite'), to: '/admin/' },
        { label: s('defineroles'), to: '/admin/roles/manage.php' },
      ]}
    >
      <RoleTabs />
      <p className="muted">{s(mode === 'assign' ? 'allowassignintro' : 'allowoverrideintro')}</p>
      <div className="card table-scroll">
        <table className="table allow-matrix">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="allow-corner">
                {s('allowcorner')}
              </th>
              {matrix.roles.map((target) => (
                <th scope="col" key={target.id} className="allow-target">
                  {target.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.roles.map((holder) => (
              <tr key={holder.id}>
                <th scope="row">{holder.name}</th>
                {matrix.roles.map((target) => {
                  const key = pairKey(holder.id, target.id);
                  return (
                    <td key={target.id} className="allow-cell">
                      <input
                        type="checkbox"
                        checked={checked.has(key)}
                        aria-label={s(mode === 'assign' ? 'allowassigncell' : 'allowoverridecell', { from: holder.name, to: target.name })}
                        onChange={(e) => toggle(key, e.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions role-actions">
        <PendingButton isPending={save.isPending} className="btn btn-primary" isDisabled={!dirty} onPress={submit}>
          {s('savechanges')}
        </PendingButton>
        <Button className="btn btn-secondary" isDisabled={!dirty} onPress={() => setChecked(saved)}>
          {s('revert')}
        </Button>
        <Link className="btn btn-link" to="/admin/roles/manage.php">
          {s('defineroles')}
        </Link>
      </div>
    </Page>
  );
}
