import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import type { z } from 'zod';
import type { coreUserPreviewUpload } from '../../../api/userupload';
import { Pager } from '../../platform/Pager';
import { useStrings } from '../../platform/useStrings';
import { useFocusOnMount } from './useFocusOnMount';
import { UPLOAD_STRINGS } from './uploadStrings';

export type PreviewResult = z.infer<(typeof coreUserPreviewUpload)['returns']>;
type PreviewRow = PreviewResult['rows'][number];

const PER_PAGE = 50;

interface Props {
  preview: PreviewResult;
  onBack: () => void;
  onUpload: () => void;
}

/** Step 2: what every row would do, errors per row and field; nothing has been written yet. */
export function UploadPreview({ preview, onBack, onUpload }: Props) {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [page, setPage] = useState(0);
  const { counts } = preview;
  const rows = onlyErrors ? preview.rows.filter((r) => r.action === 'error') : preview.rows;
  const pages = Math.ceil(rows.length / PER_PAGE);
  const shown = rows.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
  const toWrite = counts.create + counts.update;

  return (
    <section className="card upload-preview" aria-labelledby="upload-preview-heading">
      <h2 id="upload-preview-heading" ref={heading} tabIndex={-1}>
        {s('uploadcheckpreview')}
      </h2>
      <dl className="upload-counts">
        <Count label={s('willcreate')} value={counts.create} tone="success" />
        <Count label={s('willupdate')} value={counts.update} tone="info" />
        <Count label={s('willskip')} value={counts.skip} tone="muted" />
        <Count label={s('witherrors')} value={counts.error} tone={counts.error > 0 ? 'danger' : 'muted'} />
      </dl>
      {toWrite === 0 ? (
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{s('nothingtoupload')}</div>
        </div>
      ) : (
        counts.error > 0 && (
          <div className="alert alert-warning" role="status">
            <div className="alert-message">{counts.error === 1 ? s('errorrowsnotuploaded_one') : s('errorrowsnotuploaded', counts.error)}</div>
          </div>
        )
      )}
      <div className="toolbar upload-filter">
        <Checkbox
          className="checkbox"
          isSelected={onlyErrors}
          onChange={(value) => {
            setOnlyErrors(value);
            setPage(0);
          }}
        >
          <span className="checkbox-box" aria-hidden="true" />
          {s('onlyerrors')} ({counts.error})
        </Checkbox>
      </div>
      {rows.length === 0 ? (
        <p className="empty-state">{s('noerrorrows')}</p>
      ) : (
        // A box that scrolls sideways takes the focus, so the keyboard can scroll it too.
        <div className="upload-table-scroll" tabIndex={0} role="region" aria-label={s('previewtable')}>
          <table className="table upload-table">
            <caption className="visually-hidden">{s('previewtable')}</caption>
            <thead>
              <tr>
                <th scope="col">{s('line')}</th>
                <th scope="col">{s('username')}</th>
                <th scope="col">{s('fullname')}</th>
                <th scope="col">{s('email')}</th>
                <th scope="col">{s('result')}</th>
                <th scope="col">{s('details')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <PreviewTableRow key={row.line} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onChange={setPage} />
      <div className="form-actions upload-actions">
        <Button className="btn btn-secondary" onPress={onBack}>
          {s('chooseanotherfile')}
        </Button>
        <Button className="btn btn-primary" isDisabled={toWrite === 0} onPress={onUpload}>
          {toWrite === 1 ? s('uploadrows_one') : s('uploadrows', toWrite)}
        </Button>
      </div>
    </section>
  );
}

export function Count({ label, value, tone }: { label: string; value: number; tone: 'success' | 'info' | 'muted' | 'danger' }) {
  return (
    <div className={`upload-count is-${tone}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A row's errors, each with the column it is about (as named in the file). */
export function RowErrors({ errors }: { errors: ReadonlyArray<{ field: string; message: string }> }) {
  return (
    <ul className="upload-errors">
      {errors.map((e, i) => (
        <li key={i}>
          {e.field && <code>{e.field}</code>} {e.message}
        </li>
      ))}
    </ul>
  );
}

function PreviewTableRow({ row }: { row: PreviewRow }) {
  const s = useStrings('core_user', UPLOAD_STRINGS);
  return (
    <tr className={row.action === 'error' ? 'is-error' : undefined}>
      <th scope="row">{row.line}</th>
      <td>{row.username}</td>
      <td>{`${row.firstname} ${row.lastname}`.trim()}</td>
      <td>{row.email}</td>
      <td>
        <span className={`upload-badge is-${row.action}`}>{s(`action${row.action}`)}</span>
      </td>
      <td>{row.action === 'error' ? <RowErrors errors={row.errors} /> : <span className="muted">{row.note}</span>}</td>
    </tr>
  );
}
