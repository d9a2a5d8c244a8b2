import { useState, type DragEvent, type FormEvent } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { UPLOAD_DELIMITERS, UPLOAD_MAX_CHARS, UPLOAD_MODES, type UploadDelimiter, type UploadMode } from '../../../api/userupload';
import { describedBy } from '../../platform/FormField';
import { formatFileSize } from '../../platform/intl';
import { PendingButton } from '../../platform/PendingButton';
import { useStrings } from '../../platform/useStrings';
import { decodeUpload, UPLOAD_ENCODINGS, type UploadEncoding } from './uploadFile';
import { UPLOAD_STRINGS } from './uploadStrings';
import type { SentFile } from './UploadUsers';
import { useFocusOnMount } from './useFocusOnMount';

export interface UploadChoice {
  file: File | null;
  delimiter: UploadDelimiter;
  encoding: UploadEncoding;
  mode: UploadMode;
}

interface Props {
  choice: UploadChoice;
  onChange: (choice: UploadChoice) => void;
  onPreview: (file: SentFile) => void;
  busy: boolean;
  /** The server's refusal of the last file (unknown columns, …). */
  serverError: string | null;
}

const ENCODING_LABEL: Record<UploadEncoding, string> = { 'utf-8': 'encodingutf8', 'windows-1252': 'encodingwindows1252' };
const MAX_MB = Math.round(UPLOAD_MAX_CHARS / (1024 * 1024));

/** Step 1: the file (chosen or dropped), its delimiter and encoding, and what to do with existing users. */
export function UploadChooseForm({ choice, onChange, onPreview, busy, serverError }: Props) {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const set = (changes: Partial<UploadChoice>) => {
    setFileError(null);
    onChange({ ...choice, ...changes });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { file } = choice;
    if (!file) return setFileError(s('uploadnofile'));
    // The server counts characters; a file of at most that many bytes never has more.
    if (file.size > UPLOAD_MAX_CHARS) return setFileError(s('uploadtoolarge', MAX_MB));
    const content = decodeUpload(await file.arrayBuffer(), choice.encoding);
    if (content === null) return setFileError(s('uploadnotdecoded', s(ENCODING_LABEL[choice.encoding])));
    onPreview({ content, delimiter: choice.delimiter, mode: choice.mode });
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) set({ file });
  }

  const error = fileError ?? serverError;
  return (
    <form className="card upload-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="upload-intro">{s('uploadusersintro')}</p>
      {serverError && <RefusalAlert key={serverError} message={serverError} />}
      <div className="field">
        <label id="upload-file-label" htmlFor="upload-file">
          {s('uploadfile')}
        </label>
        <div
          className={`upload-drop${dragging ? ' is-dragging' : ''}${error ? ' has-error' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <span className="upload-drop-text">{s('uploaddrop')}</span>
          {/* The input is hidden behind a button-like label, so a dropped file and a chosen one show the same way. */}
          <input
            id="upload-file"
            className="visually-hidden"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-labelledby="upload-file-label"
            onChange={(e) => set({ file: e.target.files?.[0] ?? null })}
            {...describedBy('upload-file', fileError ?? undefined, s('uploadfilehelp'))}
          />
          <label htmlFor="upload-file" className="btn btn-secondary upload-browse" aria-hidden="true">
            {s('uploadbrowse')}
          </label>
          <span className={`upload-chosen${choice.file ? '' : ' muted'}`} aria-live="polite">
            {choice.file ? s('uploadchosen', { name: choice.file.name, size: formatFileSize(choice.file.size) }) : s('uploadnofilechosen')}
          </span>
        </div>
        <p id="upload-file-help" className="field-help">
          {s('uploadfilehelp')}
        </p>
        {fileError && (
          <p id="upload-file-error" className="field-error">
            {fileError}
          </p>
        )}
      </div>
      <div className="inline-fields">
        <div className="field">
          <label htmlFor="upload-delimiter">{s('uploaddelimiter')}</label>
          <select id="upload-delimiter" value={choice.delimiter} onChange={(e) => set({ delimiter: UPLOAD_DELIMITERS.find((d) => d === e.target.value) ?? 'comma' })}>
            {UPLOAD_DELIMITERS.map((d) => (
              <option key={d} value={d}>
                {s(`delimiter${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="upload-encoding">{s('uploadencoding')}</label>
          <select id="upload-encoding" value={choice.encoding} onChange={(e) => set({ encoding: UPLOAD_ENCODINGS.find((d) => d === e.target.value) ?? 'utf-8' })}>
            {UPLOAD_ENCODINGS.map((d) => (
              <option key={d} value={d}>
                {s(ENCODING_LABEL[d])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <RadioGroup className="radio-group upload-modes" value={choice.mode} onChange={(value) => set({ mode: UPLOAD_MODES.find((m) => m === value) ?? 'addnew' })}>
        <Label className="field-label">{s('uploadmode')}</Label>
        {UPLOAD_MODES.map((mode) => (
          <Radio key={mode} className="radio" value={mode}>
            {s(`mode${mode}`)}
          </Radio>
        ))}
        <Text slot="description" className="field-help">
          {s('uploadmodehelp')}
        </Text>
      </RadioGroup>
      <div className="form-actions">
        <PendingButton isPending={busy} pendingLabel={s('previewing')} type="submit" className="btn btn-primary">
          {busy ? s('previewing') : s('previewupload')}
        </PendingButton>
      </div>
    </form>
  );
}

/** The server's refusal of the file, focused (and so scrolled to) when it appears. */
function RefusalAlert({ message }: { message: string }) {
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div className="alert alert-error" role="alert" tabIndex={-1} ref={ref}>
      <div className="alert-message">{message}</div>
    </div>
  );
}
