import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { coreCompletionGetActivitiesCompletionStatus } from '../../../api/completion';
import type { Warning } from '../../../api/types';
import { modAssignGetSubmissionStatus, modAssignPrepareSubmissionFiles, modAssignSaveSubmission, type DraftArea } from '../../../api/assign';
import { gradereportUserGetGradeItems } from '../../../api/grades';
import { Loading } from '../../app/Page';
import { describedBy, ErrorSummary } from '../../platform/FormField';
import { PendingButton } from '../../platform/PendingButton';
import { showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { RichText } from '../../platform/RichText';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import type { ModuleInfo } from '../mod/ModuleView';
import { AssignPage } from './AssignView';
import { submissionContent, type SubmissionStatusInfo } from './AssignStatus';
import { changeDraftArea, DraftRefused } from './draftfiles';
import { formatSize } from './format';
import { countWords, htmlToPlain } from './onlinetext';
import { ASSIGN_STRINGS } from './strings';

/** `/mod/assign/view.php?id=<cmid>&action=editsubmission`: the learner's online text and files. */
export function EditSubmission({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const status = useWsQuery(modAssignGetSubmissionStatus, { assignid: cm.instance }, { meta: { quiet: true }, staleTime: 0 });
  if (status.error) {
    return (
      <AssignPage cm={cm} subpage={s('editingsubmission')}>
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{status.error.message}</div>
        </div>
      </AssignPage>
    );
  }
  if (status.isPending) return <Loading />;
  const attempt = status.data.lastattempt;
  const editable = attempt !== undefined && attempt.canedit && attempt.submissionsopen;
  return (
    <AssignPage cm={cm} subpage={s('editingsubmission')}>
      {editable ? (
        <SubmissionForm cm={cm} status={status.data} />
      ) : (
        <div className="alert alert-info" role="status">
          <p className="alert-message">{s('submissionnotopen')}</p>
          <Link to={relativeUrl('/mod/assign/view.php', { id: cm.id })}>{cm.name}</Link>
        </div>
      )}
    </AssignPage>
  );
}

type Errors = { onlinetext?: string; files?: string; form?: string };

/** Which field a save warning belongs to: the word limit to the text, file limits to the files, the rest on top. */
function errorsOf(warnings: Warning[]): Errors {
  const out: Errors = {};
  for (const w of warnings) {
    const key = /word/i.test(w.warningcode + (w.item ?? '')) ? 'onlinetext' : /file/i.test(w.warningcode + (w.item ?? '')) ? 'files' : 'form';
    out[key] = out[key] ? `${out[key]} ${w.message}` : w.message;
  }
  return out;
}

function SubmissionForm({ cm, status }: { cm: ModuleInfo; status: SubmissionStatusInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const navigate = useNavigate();
  const { assign } = status;
  const textId = useId();
  const [initialText] = useState(() => submissionContent(status.lastattempt?.submission).onlinetext);
  const [text, setText] = useState(initialText);
  const [draft, setDraft] = useState<(DraftArea & { maxfiles: number; maxbytes: number }) | null>(null);
  const [filesChanged, setFilesChanged] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const prepare = useWsMutation(modAssignPrepareSubmissionFiles);
  const save = useWsMutation(modAssignSaveSubmission, [modAssignGetSubmissionStatus, gradereportUserGetGradeItems, coreCompletionGetActivitiesCompletionStatus], { quiet: true });
  const prepareFiles = prepare.mutate;

  const prepared = useRef(false);
  useEffect(() => {
    // A fresh draft area holding a copy of the current files (once per visit); it is what the save hands over.
    if (!assign.file_enabled || prepared.current) return;
    prepared.current = true;
    prepareFiles({ assignmentid: assign.id }, { onSuccess: setDraft });
  }, [assign.file_enabled, assign.id, prepareFiles]);

  const words = useMemo(() => countWords(htmlToPlain(text)), [text]);
  const limit = assign.onlinetext_wordlimit;
  const overLimit = assign.onlinetext_enabled && limit > 0 && words > limit;
  const dirty = !saved && (text !== initialText || filesChanged);
  useUnsavedChanges(dirty);
  const statusUrl = relativeUrl('/mod/assign/view.php', { id: cm.id });
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());

  const upload = async (chosen: FileList | null) => {
    if (!chosen || !draft) return;
    const files = [...chosen];
    const problems: string[] = [];
    let area = draft;
    for (const file of files) {
      if (area.files.length >= area.maxfiles) {
        problems.push(s('toomanyfiles', area.maxfiles));
        break;
      }
      if (area.maxbytes > 0 && file.size > area.maxbytes) {
        problems.push(s('filetoolarge', { name: file.name, size: formatSize(area.maxbytes, s) }));
        continue;
      }
      setUploading(file.name);
      try {
        const next = await changeDraftArea(area.itemid, { upload: file });
        area = { ...area, files: next.files };
        setDraft(area);
        setFilesChanged(true);
      } catch (failure) {
        if (failure instanceof DraftRefused) problems.push(`${file.name}: ${failure.message}`);
        else void showException(failure);
      }
    }
    setUploading(null);
    setErrors((prev) => ({ ...prev, files: problems.length > 0 ? problems.join(' ') : undefined }));
  };

  const remove = async (filename: string) => {
    if (!draft) return;
    try {
      const next = await changeDraftArea(draft.itemid, { delete: filename });
      setDraft({ ...draft, files: next.files });
      setFilesChanged(true);
      setErrors((prev) => ({ ...prev, files: undefined }));
    } catch (failure) {
      if (failure instanceof DraftRefused) setErrors((prev) => ({ ...prev, files: failure.message }));
      else void showException(failure);
    }
  };

  const submit = () => {
    if (overLimit) {
      setErrors({ onlinetext: s('wordlimitexceeded', { limit, count: words }) });
      focusSummary();
      return;
    }
    setErrors({});
    save.mutate(
      {
        assignmentid: assign.id,
        plugindata: {
          ...(assign.onlinetext_enabled ? { onlinetext_editor: { text, format: 1, itemid: 0 } } : {}),
          ...(assign.file_enabled && draft ? { files_filemanager: draft.itemid } : {}),
        },
      },
      {
        onSuccess: (warnings) => {
          if (warnings.length > 0) {
            setErrors(errorsOf(warnings));
            focusSummary();
            return;
          }
          setSaved(true);
          void addNotification({ message: s('submissionsaved'), type: 'success' });
          void navigate(statusUrl);
        },
        onError: (failure) => {
          setErrors({ form: failure.message });
          focusSummary();
        },
      },
    );
  };

  const countText = limit > 0 ? s('wordcountlimit', { count: words, limit }) : s('wordcount', words);
  const textError = errors.onlinetext ?? (overLimit ? s('wordlimitexceeded', { limit, count: words }) : undefined);
  const limits = draft ? (draft.maxbytes > 0 ? s('filelimits', { count: draft.maxfiles, size: formatSize(draft.maxbytes, s) }) : s('filelimitscount', draft.maxfiles)) : '';
  return (
    <form
      className="card form-stack assign-submission-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div ref={summaryRef}>
        <ErrorSummary title={s('submissionfailed')} errors={[errors.form, errors.onlinetext, errors.files]} />
      </div>
      {assign.onlinetext_enabled && (
        <div className="field">
          <span id={`${textId}-label`} className="field-label">
            {s('onlinetext')}
          </span>
          <RichText id={textId} labelId={`${textId}-label`} rows={10} value={text} onChange={setText} invalid={Boolean(textError)} describedBy={describedBy(textId, textError, countText)['aria-describedby']} />
          <p id={`${textId}-help`} className={`field-help assign-wordcount${overLimit ? ' is-over' : ''}`} aria-live="polite">
            {countText}
          </p>
          {textError && (
            <p id={`${textId}-error`} className="field-error">
              {textError}
            </p>
          )}
        </div>
      )}
      {assign.file_enabled && (
        <fieldset className="field assign-filearea" aria-describedby={errors.files ? 'assign-file-limits assign-files-error' : 'assign-file-limits'}>
          <legend className="field-label">{s('submissionfiles')}</legend>
          {!draft ? (
            prepare.error ? (
              <p className="field-error">{prepare.error.message}</p>
            ) : (
              <Loading />
            )
          ) : (
            <>
              {draft.files.length === 0 ? (
                <p className="muted assign-nofiles">{s('nofiles')}</p>
              ) : (
                <ul className="assign-draft-files">
                  {draft.files.map((file) => (
                    <li key={file.filename}>
                      <span className="assign-file-name">{file.filename}</span>
                      <span className="muted small">{formatSize(file.filesize, s)}</span>
                      <Button className="btn btn-link danger" onPress={() => void remove(file.filename)} aria-label={s('removefile', file.filename)}>
                        ✕
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="assign-upload">
                <label className={`btn btn-secondary assign-upload-button${draft.files.length >= draft.maxfiles || uploading ? ' is-disabled' : ''}`}>
                  {uploading ? <span className="spinner" aria-hidden="true" /> : null}
                  {s('addfiles')}
                  <input
                    type="file"
                    multiple={draft.maxfiles > 1}
                    className="visually-hidden"
                    disabled={draft.files.length >= draft.maxfiles}
                    // While a file goes up the field keeps the focus (a disabled one would drop it) but opens no chooser.
                    aria-disabled={uploading !== null || undefined}
                    onClick={(e) => {
                      if (uploading !== null) e.preventDefault();
                    }}
                    onChange={(e) => {
                      const input = e.currentTarget;
                      void upload(input.files).finally(() => {
                        input.value = '';
                      });
                    }}
                  />
                </label>
                {uploading && (
                  <span className="muted" role="status">
                    {s('uploading', uploading)}
                  </span>
                )}
              </div>
            </>
          )}
          <p id="assign-file-limits" className="field-help">
            {limits}
          </p>
          {errors.files && (
            <p id="assign-files-error" className="field-error">
              {errors.files}
            </p>
          )}
        </fieldset>
      )}
      <div className="form-actions assign-actions">
        <PendingButton type="submit" className="btn btn-primary" isPending={save.isPending} isDisabled={uploading !== null}>
          {s('savechanges')}
        </PendingButton>
        <Link className="btn btn-secondary" to={statusUrl} data-discard>
          {s('cancel')}
        </Link>
      </div>
    </form>
  );
}
