import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyDeleteUserEvidence, toolLpDataForUserEvidenceListPage, type UserEvidence } from '../../../api/userevidence';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { confirmDialog } from '../../platform/dialogs';
import { formatDate } from '../../platform/intl';
import { EmptyState, ListTable } from '../../platform/ListTable';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { PLAN_STRINGS } from './planStrings';
import { RowMenu } from './RowMenu';
import './competency.css';
import './plans.css';

/** Asks before deleting evidence, naming it and saying its links go too. */
export async function confirmDeleteEvidence(s: StringLookup, evidence: Pick<UserEvidence, 'name'>): Promise<boolean> {
  return confirmDialog({ title: s('deleteuserevidence'), message: s('deleteuserevidenceconfirm', evidence.name), confirmLabel: s('deleteuserevidence'), cancelLabel: s('cancel'), destructive: true });
}

/** `/admin/tool/lp/user_evidence_list.php?userid=…`: a user's evidence of prior learning (mine by default). */
export function UserEvidenceListPage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userid = Number(params.get('userid')) || config().userid;
  const page = useWsQuery(toolLpDataForUserEvidenceListPage, { userid }, { meta: { quiet: true } });
  const remove = useWsMutation(coreCompetencyDeleteUserEvidence, [toolLpDataForUserEvidenceListPage]);
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  const own = userid === config().userid;

  const askDelete = async (evidence: UserEvidence) => {
    if (await confirmDeleteEvidence(s, evidence)) remove.mutate({ id: evidence.id }, { onSuccess: () => void addNotification({ message: s('userevidencedeleted', evidence.name), type: 'success' }) });
  };
  const editUrl = (e: UserEvidence) => relativeUrl('/admin/tool/lp/user_evidence_edit.php', { id: e.id, userid });

  return (
    <Page
      title={data && !own ? s('userevidenceof', data.user.fullname) : s('userevidence')}
      breadcrumb={[{ label: own ? s('learningplans') : s('learningplansof', data?.user.fullname ?? ''), to: relativeUrl('/admin/tool/lp/plans.php', { userid }) }]}
      actions={
        data?.canmanage && (
          <Link className="btn btn-primary" to={relativeUrl('/admin/tool/lp/user_evidence_edit.php', { userid })}>
            {s('adduserevidence')}
          </Link>
        )
      }
    >
      {!data ? (
        <Loading />
      ) : data.evidence.length === 0 ? (
        <EmptyState title={s('nouserevidence')} description={data.canmanage ? s('nouserevidencemanage') : s('nouserevidencedesc')} />
      ) : (
        <ListTable columns={[s('name'), s('linkedcompetencies'), s('filesandlink'), s('timemodified')]} actionsLabel={s('actions')}>
          {data.evidence.map((e) => (
            <tr key={e.id}>
              <th scope="row">
                <Link to={relativeUrl('/admin/tool/lp/user_evidence.php', { id: e.id })}>{e.name}</Link>
              </th>
              <td>{e.competencycount}</td>
              <td>
                {e.filecount > 0 && <span className="badge">{s('filescount', e.filecount)}</span>}
                {e.url && (
                  <a href={e.url} rel="noreferrer" target="_blank">
                    {e.urlshort}
                  </a>
                )}
              </td>
              <td>{formatDate(e.timemodified)}</td>
              <td className="row-actions">
                {e.canmanage && (
                  <RowMenu
                    label={s('actionsfor', e.name)}
                    items={[
                      { id: 'edit', label: s('edit'), onAction: () => void navigate(editUrl(e)) },
                      { id: 'delete', label: s('delete'), onAction: () => void askDelete(e) },
                    ]}
                  />
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </Page>
  );
}
