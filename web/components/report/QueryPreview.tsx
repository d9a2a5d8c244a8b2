import { useMemo, useState } from 'react';
import { blockConfigurableReportsPreviewQuery, type ReportSource } from '../../../api/report';
import type { ResultOf } from '../../../api/contract';
import { call } from '../../platform/ajax';
import { ReportTable } from '../../platform/ReportTable';
import { cellColumns } from '../../platform/ReportTableColumns';
import { useTableMessages } from '../../platform/ReportTableMessages';
import type { StringLookup } from '../../platform/useStrings';

type Preview = ResultOf<typeof blockConfigurableReportsPreviewQuery>;

export interface PreviewState {
  running: ReportSource | null;
  source: ReportSource;
  result: Preview | null;
  error: string;
}

/** Runs a query text read-only on its source and keeps its first rows or the database's error. */
export function usePreview(courseid: number) {
  const [state, setState] = useState<PreviewState>({ running: null, source: 'main', result: null, error: '' });
  async function run(querysql: string, source: ReportSource) {
    setState((s) => ({ ...s, running: source, source, error: '' }));
    try {
      const result = await call(blockConfigurableReportsPreviewQuery, { querysql, courseid, source });
      setState({ running: null, source, result, error: '' });
    } catch (error) {
      setState({ running: null, source, result: null, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { state, run };
}

/** The preview under the editor: a running note, the error with its line, or the first rows in a client-mode table. */
export function QueryPreview({ state, s }: { state: PreviewState; s: StringLookup }) {
  const messages = useTableMessages();
  const columns = useMemo(() => cellColumns(state.result?.columns ?? []), [state.result]);
  const title = state.source === 'remote' ? s('previewremote') : s('preview');
  return (
    <section className="report-preview" aria-live="polite" aria-label={title}>
      {state.running && <p className="muted">{s('previewing')}</p>}
      {state.error && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      {state.result && state.result.rows.length === 0 && <p className="muted">{s('previewnorows')}</p>}
      {state.result && state.result.rows.length > 0 && (
        <div className="card report-preview-table">
          <h2>
            {state.source === 'remote' ? `${s('remoteresults')}: ` : ''}
            {s('previewrows', state.result.rows.length)}
          </h2>
          {/* Client mode: the preview's rows are sorted, searched and paged in the browser. */}
          <ReportTable key={state.source} stateId={`preview${state.source}`} caption={title} columns={columns} rows={state.result.rows} messages={messages} />
          {state.result.truncated && <p className="muted small">{s('previewtruncated', state.result.rows.length)}</p>}
        </div>
      )}
    </section>
  );
}
