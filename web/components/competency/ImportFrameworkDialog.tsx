import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { toolLpDataForCompetencyFrameworksManagePage, toolLpImportFrameworkCsv } from '../../../api/competency';
import type { ArgsOf, ResultOf } from '../../../api/contract';
import { ModalDialog } from '../../platform/dialogs';
import { FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';

type Preview = ResultOf<typeof toolLpImportFrameworkCsv>;

/** Import a framework from CSV: read the file, preview what would be created and every row's problem, then import. */
export function ImportFrameworkDialog({ contextid, s, onClose }: { contextid: number; s: StringLookup; onClose: () => void }) {
  const run = useWsMutation(toolLpImportFrameworkCsv, [toolLpDataForCompetencyFrameworksManagePage]);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);

  function send(args: ArgsOf<typeof toolLpImportFrameworkCsv>) {
    run.mutate(args, {
      onSuccess: (answer) => {
        if (!args.preview && answer.frameworkid) {
          void addNotification({ message: s('importdone'), type: 'success' });
          onClose();
        } else setPreview(answer);
      },
    });
  }

  async function readFile(file: File | undefined) {
    setPreview(null);
    setCsv(file ? await file.text() : '');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (csv) send({ csv, contextid, preview: true });
  }

  const canImport = preview !== null && preview.errors.length === 0 && preview.framework !== null;
  return (
    <ModalDialog
      isOpen
      title={s('importframework')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton className="btn btn-secondary" type="submit" form="import-form" isPending={run.isPending && run.variables?.preview === true} pendingKind="working" isDisabled={!csv || run.isPending}>
            {s('preview')}
          </PendingButton>
          <PendingButton isPending={run.isPending && run.variables?.preview !== true} className="btn btn-primary" isDisabled={!canImport || run.isPending} onPress={() => send({ csv, contextid, preview: false })}>
            {s('import')}
          </PendingButton>
        </>
      }
    >
      <form id="import-form" className="form-stack" onSubmit={submit} noValidate>
        <FormField id="import-file" label={s('csvfile')} help={s('csvfilehelp')}>
          <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => void readFile(e.target.files?.[0])} aria-describedby="import-file-help" />
        </FormField>
      </form>
      <div aria-live="polite">
        {preview && preview.errors.length > 0 && (
          <div className="alert alert-danger" role="alert">
            <p className="alert-message">{s('importerrors')}</p>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{s('row')}</th>
                  <th scope="col">{s('error')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.row}</td>
                    <td className="import-errors">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {preview && preview.framework && preview.errors.length === 0 && (
          <>
            <p>{s('importpreview', { count: preview.rows.length, name: preview.framework.shortname })}</p>
            <div className="table-scroll" style={{ maxHeight: '16rem' }}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{s('idnumber')}</th>
                    <th scope="col">{s('shortname')}</th>
                    <th scope="col">{s('parentidnumber')}</th>
                    <th scope="col">{s('level')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row}>
                      <td>{r.idnumber}</td>
                      <td>{r.shortname}</td>
                      <td>{r.parentidnumber}</td>
                      <td>{r.depth}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
