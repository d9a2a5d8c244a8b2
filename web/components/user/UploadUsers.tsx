import { useState } from 'react';
import { coreUserPreviewUpload, type UploadDelimiter, type UploadMode } from '../../../api/userupload';
import { Page } from '../../app/Page';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { UploadChooseForm, type UploadChoice } from './UploadChooseForm';
import { UploadPreview, type PreviewResult } from './UploadPreview';
import { UploadProgress, useUploadRunner } from './UploadProgress';
import { UPLOAD_STRINGS } from './uploadStrings';
import './uploadusers.css';

/** The file as sent to the server: its text and how to read it. */
export interface SentFile {
  content: string;
  delimiter: UploadDelimiter;
  mode: UploadMode;
}

type Step = { kind: 'choose' } | { kind: 'preview'; file: SentFile; preview: PreviewResult } | { kind: 'upload' };

const STEP_NAMES = ['uploadchoosefile', 'uploadcheckpreview', 'uploadresult'] as const;
const STEP_INDEX: Record<Step['kind'], number> = { choose: 0, preview: 1, upload: 2 };

/**
 * Upload users (/admin/tool/uploaduser/index.php): choose a CSV file, check the preview of every
 * row (nothing is written yet), then upload it in batches with a progress bar and see what failed.
 */
export function UploadUsers() {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [choice, setChoice] = useState<UploadChoice>({ file: null, delimiter: 'comma', encoding: 'utf-8', mode: 'addnew' });
  const previewing = useWsMutation(coreUserPreviewUpload, [], { quiet: true });
  const runner = useUploadRunner();
  const current = STEP_INDEX[step.kind];

  function preview(file: SentFile) {
    previewing.mutate(file, { onSuccess: (result) => setStep({ kind: 'preview', file, preview: result }) });
  }

  function startOver() {
    previewing.reset();
    runner.reset();
    setChoice((c) => ({ ...c, file: null }));
    setStep({ kind: 'choose' });
  }

  return (
    <Page
      title={s('uploadusers')}
      breadcrumb={[
        { label: s('administrationsite'), to: '/admin/' },
        { label: s('browseusers'), to: '/admin/user.php' },
      ]}
    >
      <ol className="upload-steps">
        {STEP_NAMES.map((name, index) => (
          <li key={name} className={index < current ? 'is-done' : index === current ? 'is-current' : ''} aria-current={index === current ? 'step' : undefined}>
            <span className="upload-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="visually-hidden">{s('uploadstep', { step: index + 1, name: s(name) })}</span>
            <span aria-hidden="true">{s(name)}</span>
          </li>
        ))}
      </ol>
      {step.kind === 'choose' && (
        <UploadChooseForm
          choice={choice}
          onChange={(next) => {
            previewing.reset();
            setChoice(next);
          }}
          onPreview={preview}
          busy={previewing.isPending}
          serverError={previewing.error?.message ?? null}
        />
      )}
      {step.kind === 'preview' && (
        <UploadPreview
          preview={step.preview}
          onBack={startOver}
          onUpload={() => {
            setStep({ kind: 'upload' });
            void runner.start(step.file);
          }}
        />
      )}
      {step.kind === 'upload' && <UploadProgress runner={runner} onAnother={startOver} />}
    </Page>
  );
}
