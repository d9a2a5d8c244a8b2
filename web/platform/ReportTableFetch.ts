import { useEffect, useEffectEvent, useState } from 'react';
import { fill, type TableFetch, type TablePage, type TableRequest } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';
import { TableJsonError } from './tablesource';

/** The processing indicator's delay (spec §9). */
const PROCESSING_DELAY_MS = 500;

interface ServerPage<R> {
  page: TablePage<R> | null;
  /** A page has been on its way for longer than the delay. */
  processing: boolean;
  /** The server's error field, or its unreadable answer (spec §8); empty when all is well. */
  warning: string;
}

/**
 * Server mode: fetches the page each request asks for (and again when `refreshKey` changes), keeping
 * the last page shown until the next arrives; answers that arrive after a newer request are dropped.
 */
export function useServerPage<R>(
  fetchPage: TableFetch<R> | undefined,
  request: TableRequest,
  refreshKey: unknown,
  messages: Pick<TableMessages, 'warningError' | 'warningJson'>,
  onPage?: (rows: readonly R[]) => void,
): ServerPage<R> {
  const [page, setPage] = useState<TablePage<R> | null>(null);
  const [processing, setProcessing] = useState(false);
  const [warning, setWarning] = useState('');
  const pageArrived = useEffectEvent((data: readonly R[]) => onPage?.(data));
  const { warningError, warningJson } = messages;
  useEffect(() => {
    if (!fetchPage) return undefined;
    let current = true;
    const timer = setTimeout(() => current && setProcessing(true), PROCESSING_DELAY_MS);
    fetchPage(request)
      .then((answer) => {
        if (!current) return;
        setPage(answer);
        setWarning(answer.error ? fill(warningError, { ERROR: answer.error }) : '');
        pageArrived(answer.data);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof TableJsonError) console.warn(warningJson, error.message);
        setWarning(error instanceof TableJsonError ? warningJson : fill(warningError, { ERROR: error instanceof Error ? error.message : String(error) }));
      })
      .finally(() => {
        clearTimeout(timer);
        if (current) setProcessing(false);
      });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [fetchPage, request, refreshKey, warningError, warningJson]);
  return { page, processing, warning };
}
