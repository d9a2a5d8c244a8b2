import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  coreCompetencyCreateUserEvidenceCompetency,
  coreCompetencyDeleteUserEvidence,
  coreCompetencyDeleteUserEvidenceCompetency,
  coreCompetencyRequestReviewOfUserEvidenceLinkedCompetencies,
  toolLpDataForUserEvidenceListPage,
  toolLpDataForUserEvidencePage,
} from '../../../api/userevidence';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { confirmDialog, showException } from '../../platform/dialogs';
import { formatFileSize } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { CompetencyPicker } from './CompetencyPicker';
import { PLAN_STRINGS } from './planStrings';
import { confirmDeleteEvidence } from './UserEvidenceListPage';
import './competency.css';
import './plans.css';

/** `/admin/tool/lp/user_evidence.php?id=…`: one piece of evidence of prior learning, its files, link and linked competencies. */
export function UserEvidencePage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const id = Number(params.get('id')) || 0;
  const page = useWsQuery(toolLpDataForUserEvidencePage, { id }, { meta: { quiet: true } });
  const affected = [toolLpDataForUserEvidencePage, toolLpDataForUserEvidenceListPage];
  const unlink = useWsMutation(coreCompetencyDeleteUserEvidenceCompetency, affected);
  const requestReview = useWsMutation(coreCompetencyRequestReviewOfUserEvidenceLinkedCompetencies, affected);
  const remove = useWsMutation(coreCompetencyDeleteUserEvidence, [toolLpDataForUserEvidenceListPage]);
  const [picking, setPicking] = useState(false);
  if (page.error) return <ErrorPage message={page.error.message} />;
  const data = page.data;
  if (!data) return <Loading />;
  const evidence = data.userevidence;
  const listUrl = relativeUrl('/admin/tool/lp/user_evidence_list.php', { userid: evidence.userid });

  async function link(ids: number[]) {
    setPicking(false);
    try {
      for (const competencyid of ids) await call(coreCompetencyCreateUserEvidenceCompetency, { userevidenceid: id, competencyid });
      void addNotification({ message: s('competencieslinked', ids.length), type: 'success' });
    } catch (error) {
      void showException(error);
    }
    await client.invalidateQueries({ queryKey: [toolLpDataForUserEvidencePage.name] });
  }

  const askUnlink = async (competency: { id: number; shortname: string }) => {
    const yes = await confirmDialog({ title: s('unlinkcompetency'), message: s('unlinkfromevidenceconfirm', { competency: competency.shortname, evidence: evidence.name }), confirmLabel: s('unlinkcompetency'), cancelLabel: s('cancel'), destructive: true });
    if (yes) unlink.mutate({ userevidenceid: id, competencyid: competency.id }, { onSuccess: () => void addNotification({ message: s('competencyunlinked', competency.shortname), type: 'success' }) });
  };
  const askReview = async () => {
    const yes = await confirmDialog({ title: s('sendallforreview'), message: s('sendallforreviewconfirm', evidence.competencycount), confirmLabel: s('sendallforreview'), cancelLabel: s('cancel') });
    if (yes) requestReview.mutate({ id }, { onSuccess: () => void addNotification({ message: s('sentforreview'), type: 'success' }) });
  };
  const askDelete = async () => {
    if (await confirmDeleteEvidence(s, evidence)) {
      remove.mutate(
        { id },
        {
          onSuccess: () => {
            void addNotification({ message: s('userevidencedeleted', evidence.name), type: 'success' });
            void navigate(listUrl);
          },
        },
      );
    }
  };

  return (
    <Page
      title={evidence.name}
      breadcrumb={[{ label: s('userevidence'), to: listUrl }]}
      actions={
        evidence.canmanage && (
          <>
            <Button className="btn btn-secondary danger-text" onPress={() => void askDelete()}>
              {s('delete')}
            </Button>
            <Link className="btn btn-secondary" to={relativeUrl('/admin/tool/lp/user_evidence_edit.php', { id, userid: evidence.userid })}>
              {s('edit')}
            </Link>
          </>
        )
      }
    >
      <section className="card plan-facts" aria-label={s('evidencedetails')}>
        {evidence.description ? <p>{htmlToText(evidence.description)}</p> : <p className="muted">{s('nodescription')}</p>}
        {evidence.url && (
          <p>
            <a href={evidence.url} rel="noreferrer" target="_blank">
              {evidence.url}
            </a>
          </p>
        )}
        {evidence.files.length > 0 && (
          <ul className="file-list" aria-label={s('files')}>
            {evidence.files.map((f) => (
              <li key={f.filename}>
                <a href={f.url}>{f.filename}</a> <span className="muted small">{formatFileSize(f.filesize)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="section-head">
        <h2>{s('linkedcompetencies')}</h2>
        {evidence.canmanage && (
          <div className="page-actions">
            {evidence.competencycount > 0 && (
              <PendingButton className="btn btn-secondary" isPending={requestReview.isPending} onPress={() => void askReview()}>
                {s('sendallforreview')}
              </PendingButton>
            )}
            <Button className="btn btn-primary" onPress={() => setPicking(true)}>
              {s('linkcompetencies')}
            </Button>
          </div>
        )}
      </div>
      {evidence.usercompetencies.length === 0 ? (
        <div className="card empty-state">
          <p>{s('noevidencecompetencies')}</p>
        </div>
      ) : (
        <section className="card">
          <ul className="plain-list">
            {evidence.usercompetencies.map(({ competency, usercompetency }) => (
              <li key={competency.id} className="plain-list-item">
                <span>
                  {competency.shortname} <span className="muted small">{competency.idnumber}</span>
                </span>
                <span className="linked-extra">
                  {!usercompetency.isstatusidle && <span className="badge">{usercompetency.statusname}</span>}
                  <span className={`rating-badge${usercompetency.proficiency ? ' is-proficient' : ''}`}>{usercompetency.grade ? usercompetency.gradename : s('notrated')}</span>
                  {evidence.canmanage && (
                    <Button className="btn btn-link danger" onPress={() => void askUnlink(competency)} aria-label={s('unlinknamed', competency.shortname)}>
                      {s('unlink')}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {picking && <CompetencyPicker pagecontextid={1} includes="self" disallowed={evidence.competencies.map((c) => c.id)} onAdd={(ids) => void link(ids)} onClose={() => setPicking(false)} />}
    </Page>
  );
}
