import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyCreateUserEvidence, coreCompetencyPrepareUserEvidenceFiles, coreCompetencyReadUserEvidence, coreCompetencyUpdateUserEvidence, toolLpDataForUserEvidenceListPage, toolLpDataForUserEvidencePage } from '../../../api/userevidence';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { config } from '../../platform/config';
import { showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { formatFileSize } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton, useAnnouncePending } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { changeDraftArea, DraftRefused } from '../assign/draftfiles';
import { PLAN_STRINGS } from './planStrings';
import './competency.css';
import './plans.css';

type Errors = Partial<Record<'name' | 'url' | 'files', string>>;
const isWebAddress = (url: string) => url === '' || /^https?:\/\/\S+$/i.test(url);

/**
 * `/admin/tool/lp/user_evidence_edit.php?userid=…[&id=…]`: add or edit evidence of prior learning —
 * its name, description, a link, and files uploaded into a draft area that become the evidence's files
 * when it is saved.
 */
export function UserEvidenceEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const existing = useWsQuery(coreCompetencyReadUserEvidence, { id }, { enabled: id > 0, meta: { quiet: true } });
  const draft = useWsQuery(coreCompetencyPrepareUserEvidenceFiles, { id }, { staleTime: Infinity, gcTime: 0, meta: { quiet: true } });
  const failure = existing.error ?? draft.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if ((id > 0 && !existing.data) || !draft.data) return <Loading />;
  return <EvidenceForm key={id} initial={existing.data} userid={existing.data?.userid ?? (Number(params.get('userid')) || config().userid)} draft={draft.data} />;
}

interface DraftFile {
  filename: string;
  filesize: number;
}

function EvidenceForm({ initial, userid, draft }: { initial?: { id: number; name: string; description: string; url: string }; userid: number; draft: { itemid: number; files: DraftFile[] } }) {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const navigate = useNavigate();
  const affected = [toolLpDataForUserEvidenceListPage, toolLpDataForUserEvidencePage];
  const create = useWsMutation(coreCompetencyCreateUserEvidence, affected, { quiet: true });
  const update = useWsMutation(coreCompetencyUpdateUserEvidence, affected, { quiet: true });
  const start = { name: initial?.name ?? '', description: initial ? htmlToText(initial.description) : '', url: initial?.url ?? '' };
  const [values, setValues] = useState(start);
  const [files, setFiles] = useState<DraftFile[]>(draft.files);
  const [filesChanged, setFilesChanged] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const upload = useMutation({ mutationFn: (change: { upload: File } | { delete: string }) => changeDraftArea(draft.itemid, change) });
  useAnnouncePending(upload.isPending, undefined, upload.variables && 'upload' in upload.variables ? 'uploading' : 'saving');
  useUnsavedChanges(!saved && (JSON.stringify(values) !== JSON.stringify(start) || filesChanged));

  const changeFiles = (change: { upload: File } | { delete: string }) =>
    upload.mutate(change, {
      onSuccess: (area) => {
        setFiles(area.files);
        setFilesChanged(true);
        setErrors((e) => ({ ...e, files: undefined }));
      },
      onError: (error) => (error instanceof DraftRefused ? setErrors((e) => ({ ...e, files: error.message })) : void showException(error)),
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!values.name.trim()) found.name = s('required');
    if (!isWebAddress(values.url.trim())) found.url = s('invalidurl');
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = { name: values.name, description: values.description, descriptionformat: 2, url: values.url.trim(), draftitemid: filesChanged || !initial ? draft.itemid : 0 };
    const done = (evidence: { id: number }) => {
      setSaved(true);
      void addNotification({ message: s('userevidencesaved'), type: 'success' });
      void navigate(relativeUrl('/admin/tool/lp/user_evidence.php', { id: evidence.id }));
    };
    const failed = (error: Error) => (error instanceof AjaxError && error.fielderrors?.length ? setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message]))) : void showException(error));
    if (initial) update.mutate({ userevidence: { id: initial.id, ...fields } }, { onSuccess: done, onError: failed });
    else create.mutate({ userevidence: { userid, ...fields } }, { onSuccess: done, onError: failed });
  }

  const busy = create.isPending || update.isPending;
  const cancelUrl = initial ? relativeUrl('/admin/tool/lp/user_evidence.php', { id: initial.id }) : relativeUrl('/admin/tool/lp/user_evidence_list.php', { userid });
  return (
    <Page title={initial ? s('edituserevidence') : s('adduserevidence')} breadcrumb={[{ label: s('userevidence'), to: relativeUrl('/admin/tool/lp/user_evidence_list.php', { userid }) }]}>
      <form className="card form-stack evidence-form" onSubmit={submit} noValidate>
        <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
        <FormField id="ue-name" label={s('name')} error={errors.name}>
          <input id="ue-name" type="text" value={values.name} maxLength={100} onChange={(e) => setValues({ ...values, name: e.target.value })} required autoFocus {...describedBy('ue-name', errors.name)} />
        </FormField>
        <FormField id="ue-description" label={s('description')}>
          <textarea id="ue-description" rows={4} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />
        </FormField>
        <FormField id="ue-url" label={s('evidenceurl')} error={errors.url} help={s('evidenceurlhelp')}>
          <input id="ue-url" type="url" value={values.url} maxLength={255} onChange={(e) => setValues({ ...values, url: e.target.value })} {...describedBy('ue-url', errors.url, s('evidenceurlhelp'))} />
        </FormField>
        <FormField id="ue-files" label={s('files')} error={errors.files} help={s('evidencefileshelp')}>
          <input
            id="ue-files"
            type="file"
            // While a file goes up the field keeps the focus (a disabled one would drop it) but opens no chooser.
            aria-disabled={upload.isPending || undefined}
            aria-busy={upload.isPending || undefined}
            onClick={(e) => {
              if (upload.isPending) e.preventDefault();
            }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) changeFiles({ upload: file });
              e.target.value = '';
            }}
            {...describedBy('ue-files', errors.files, s('evidencefileshelp'))}
          />
          {upload.isPending && <span className="spinner" aria-hidden="true" />}
          {files.length > 0 && (
            <ul className="file-list" aria-label={s('files')}>
              {files.map((f) => (
                <li key={f.filename}>
                  {f.filename} <span className="muted small">{formatFileSize(f.filesize)}</span>{' '}
                  <Button className="btn btn-link danger" onPress={() => changeFiles({ delete: f.filename })} aria-label={s('removefile', f.filename)}>
                    {s('remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </FormField>
        <div className="form-actions">
          <PendingButton isPending={busy} type="submit" className="btn btn-primary" isDisabled={upload.isPending}>
            {initial ? s('savechanges') : s('adduserevidence')}
          </PendingButton>
          <Link className="btn btn-secondary" to={cancelUrl} data-discard>
            {s('cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
