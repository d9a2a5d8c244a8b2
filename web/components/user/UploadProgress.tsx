import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import { Link } from 'react-router';
import type { z } from 'zod';
import { coreUserListUsers } from '../../../api/user';
import { coreUserGetUpload, coreUserProcessUpload, coreUserStartUpload, type uploadStateSchema } from '../../../api/userupload';
import { Loading } from '../../app/Page';
import { call } from '../../platform/ajax';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { useFocusOnMount } from './useFocusOnMount';
import { RowErrors } from './UploadPreview';
import { UPLOAD_STRINGS } from './uploadStrings';
import type { SentFile } from './UploadUsers';

type UploadState = z.infer<typeof uploadStateSchema>;
const PER_PAGE = 50;

export interface UploadRunner {
  state: UploadState | null;
  error: string | null;
  running: boolean;
  start(file: SentFile): Promise<void>;
  /** Continues a stopped upload from its last finished batch. */
  resume(): Promise<void>;
  reset(): void;
}

/**
 * Drives an upload: stores the file, then asks for one batch after another until every row is done.
 * The progress lives on the server, so a stopped upload continues where it stopped.
 */
export function useUploadRunner(): UploadRunner {
  const client = useQueryClient();
  const [state, setState] = useState<UploadState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  async function drive(first: () => Promise<UploadState>) {
    setRunning(true);
    setError(null);
    try {
      let current = await first();
      setState(current);
      while (!current.finished) {
        current = await call(coreUserProcessUpload, { uploadid: current.uploadid });
        setState(current);
      }
      await client.invalidateQueries({ queryKey: [coreUserListUsers.name] });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  }

  return {
    state,
    error,
    running,
    start: (file) => drive(() => call(coreUserStartUpload, file)),
    resume: () => (state ? drive(() => call(coreUserProcessUpload, { uploadid: state.uploadid })) : Promise.resolve()),
    reset: () => {
      setState(null);
      setError(null);
    },
  };
}

/** Step 3: the progress bar while the batches run, then what was done and which rows failed. */
export function UploadProgress({ runner, onAnother }: { runner: UploadRunner; onAnother: () => void }) {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  const { state, error, running } = runner;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const finished = state?.finished ?? false;
  return (
    <section className="card upload-running" aria-labelledby="upload-running-heading">
      <h2 id="upload-running-heading" ref={heading} tabIndex={-1}>
        {finished ? s('uploadfinished') : s('uploadingusers')}
      </h2>
      <ProgressBar
        className="upload-progress"
        aria-labelledby="upload-running-heading"
        value={state?.processed ?? 0}
        maxValue={Math.max(state?.total ?? 1, 1)}
        isIndeterminate={!state}
        valueLabel={state ? s('uploadprogress', { processed: state.processed, total: state.total }) : undefined}
      >
        {({ percentage, valueText }) => (
          <>
            <div className="upload-progress-track">
              <div className={`upload-progress-fill${state ? '' : ' is-indeterminate'}${finished ? ' is-done' : ''}`} style={state ? { width: `${percentage ?? 0}%` } : undefined} />
            </div>
            <span className="upload-progress-text muted">{valueText}</span>
          </>
        )}
      </ProgressBar>
      {error && (
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{state ? s('uploadstopped', error) : error}</div>
        </div>
      )}
      {error && !running && (
        <div className="form-actions upload-actions">
          <Button className="btn btn-secondary" onPress={onAnother}>
            {s('chooseanotherfile')}
          </Button>
          {state && (
            <Button className="btn btn-primary" onPress={() => void runner.resume()}>
              {s('continueupload')}
            </Button>
          )}
        </div>
      )}
      {finished && state && <UploadSummary state={state} onAnother={onAnother} />}
    </section>
  );
}

function UploadSummary({ state, onAnother }: { state: UploadState; onAnother: () => void }) {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  const [page, setPage] = useState(0);
  const failures = useWsQuery(coreUserGetUpload, { uploadid: state.uploadid, page, perpage: PER_PAGE }, { enabled: state.failed > 0, placeholderData: (previous) => previous });
  const results = [
    { key: 'resultcreated', value: state.created, tone: 'success' },
    { key: 'resultupdated', value: state.updated, tone: 'info' },
    { key: 'resultskipped', value: state.skipped, tone: 'muted' },
    { key: 'resultfailed', value: state.failed, tone: state.failed > 0 ? 'danger' : 'muted' },
  ];
  return (
    <div className="upload-summary">
      {/* The live region wraps the list: a list given another role no longer holds its items. */}
      <div role="status">
        <ul className="upload-results">
          {results.map((r) => (
            <li key={r.key} className={`upload-count is-${r.tone}`}>
              {s(r.key, r.value)}
            </li>
          ))}
        </ul>
      </div>
      <h3>{s('failedrows')}</h3>
      {state.failed === 0 ? (
        <p className="muted">{s('nofailedrows')}</p>
      ) : !failures.data ? (
        <Loading />
      ) : (
        <>
          {/* A box that scrolls sideways takes the focus, so the keyboard can scroll it too. */}
          <div className="upload-table-scroll" tabIndex={0} role="region" aria-label={s('failedrows')}>
            <table className="table upload-table">
              <caption className="visually-hidden">{s('failedrows')}</caption>
              <thead>
                <tr>
                  <th scope="col">{s('line')}</th>
                  <th scope="col">{s('username')}</th>
                  <th scope="col">{s('details')}</th>
                </tr>
              </thead>
              <tbody>
                {failures.data.failures.map((f) => (
                  <tr key={f.line} className="is-error">
                    <th scope="row">{f.line}</th>
                    <td>{f.username}</td>
                    <td>
                      <RowErrors errors={f.errors} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={Math.ceil(state.failed / PER_PAGE)} onChange={setPage} />
        </>
      )}
      <div className="form-actions upload-actions">
        <Link className="btn btn-primary" to="/admin/user.php">
          {s('browseusers')}
        </Link>
        <Button className="btn btn-secondary" onPress={onAnother}>
          {s('uploadanotherfile')}
        </Button>
      </div>
    </div>
  );
}
