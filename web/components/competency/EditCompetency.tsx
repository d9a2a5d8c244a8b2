import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import {
  coreCompetencyCreateCompetency,
  coreCompetencyReadCompetency,
  coreCompetencyReadCompetencyFramework,
  coreCompetencyUpdateCompetency,
  toolLpDataForCompetenciesManagePage,
  toolLpListCompetencyTreeBranch,
} from '../../../api/competency';
import { Loading, Page } from '../../app/Page';
import { AjaxError } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { COMPETENCY_STRINGS } from './strings';
import { taxonomyAt } from './treeModel';
import './competency.css';

/** `/admin/tool/lp/editcompetency.php?competencyframeworkid=…&pagecontextid=…[&parentid=…|&id=…]`: add or edit a competency. */
export function EditCompetency() {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const m = useStrings('moodle', ['administrationsite']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const frameworkid = Number(params.get('competencyframeworkid')) || 0;
  const pagecontextid = Number(params.get('pagecontextid')) || 0;
  const parentid = Number(params.get('parentid')) || 0;
  const id = Number(params.get('id')) || 0;
  const framework = useWsQuery(coreCompetencyReadCompetencyFramework, { id: frameworkid });
  const existing = useWsQuery(coreCompetencyReadCompetency, { id }, { enabled: id > 0 });
  const parent = useWsQuery(coreCompetencyReadCompetency, { id: parentid }, { enabled: parentid > 0 });
  const loaded = existing.data;

  // The tree's loaded branches are refreshed with its first load.
  const create = useWsMutation(coreCompetencyCreateCompetency, [toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdateCompetency, [toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch, coreCompetencyReadCompetency], { quiet: true });
  const back = relativeUrl('/admin/tool/lp/competencies.php', { competencyframeworkid: frameworkid, pagecontextid });
  const level = id ? (loaded?.path.split('/').filter(Boolean).length ?? 1) : parent.data ? parent.data.path.split('/').filter(Boolean).length + 1 : 1;
  const term = s(`taxonomy_${taxonomyAt(framework.data?.taxonomies ?? '', level)}`);
  const title = id ? s('editcompetency') : s('addtaxonomy', term.toLowerCase());
  const ready = framework.data && (!id || loaded) && (!parentid || parent.data);
  return (
    <Page
      title={title}
      breadcrumb={[
        { label: m('administrationsite'), to: '/admin/' },
        { label: s('competencyframeworks'), to: relativeUrl('/admin/tool/lp/competencyframeworks.php', { pagecontextid }) },
        { label: framework.data?.shortname ?? '', to: back },
      ]}
    >
      {!ready ? (
        <Loading />
      ) : (
        <CompetencyForm
          key={loaded?.id ?? 0}
          initial={{ shortname: loaded?.shortname ?? '', idnumber: loaded?.idnumber ?? '', description: loaded ? htmlToText(loaded.description) : '' }}
          frameworkname={framework.data?.shortname ?? ''}
          parentname={parent.data?.shortname}
          submitLabel={id ? s('save') : title}
          save={(fields, done, failed) => {
            if (id) update.mutate({ competency: { id, ...fields } }, { onSuccess: done, onError: failed });
            else create.mutate({ competency: { competencyframeworkid: frameworkid, parentid, ...fields } }, { onSuccess: done, onError: failed });
          }}
          pending={create.isPending || update.isPending}
          onDone={() => void navigate(back)}
        />
      )}
    </Page>
  );
}

interface Fields {
  shortname: string;
  idnumber: string;
  description: string;
  descriptionformat: number;
}

interface CompetencyFormProps {
  initial: { shortname: string; idnumber: string; description: string };
  frameworkname: string;
  parentname?: string;
  submitLabel: string;
  pending: boolean;
  save: (fields: Fields, done: () => void, failed: (error: Error) => void) => void;
  onDone: () => void;
}

/** The competency's fields; a taken id number shows next to its field. */
function CompetencyForm({ initial, frameworkname, parentname, submitLabel, pending, save, onDone }: CompetencyFormProps) {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const [shortname, setShortname] = useState(initial.shortname);
  const [idnumber, setIdnumber] = useState(initial.idnumber);
  const [description, setDescription] = useState(initial.description);
  const [errors, setErrors] = useState<{ shortname?: string; idnumber?: string }>({});
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(!saved && (shortname !== initial.shortname || idnumber !== initial.idnumber || description !== initial.description));

  function failed(error: Error) {
    if (error instanceof AjaxError && error.fielderrors?.length) setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])));
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { ...(shortname.trim() ? {} : { shortname: s('required') }), ...(idnumber.trim() ? {} : { idnumber: s('required') }) };
    setErrors(found);
    if (Object.keys(found).length) return;
    const done = () => {
      setSaved(true);
      void addNotification({ message: s('competencysaved'), type: 'success' });
      onDone();
    };
    save({ shortname, idnumber, description, descriptionformat: 2 }, done, failed);
  }

  return (
        <form className="card form-stack" onSubmit={submit} noValidate>
          <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
          <dl className="details">
            <div className="details-row">
              <dt>{s('competencyframework')}</dt>
              <dd>{frameworkname}</dd>
            </div>
            {parentname && (
              <div className="details-row">
                <dt>{s('parentcompetency')}</dt>
                <dd>{parentname}</dd>
              </div>
            )}
          </dl>
          <FormField id="competency-shortname" label={s('shortname')} error={errors.shortname}>
            <input id="competency-shortname" type="text" maxLength={100} value={shortname} onChange={(e) => setShortname(e.target.value)} required autoFocus {...describedBy('competency-shortname', errors.shortname)} />
          </FormField>
          <FormField id="competency-idnumber" label={s('idnumber')} error={errors.idnumber} help={s('competencyidnumberhelp')}>
            <input id="competency-idnumber" type="text" maxLength={100} value={idnumber} onChange={(e) => setIdnumber(e.target.value)} required {...describedBy('competency-idnumber', errors.idnumber, s('competencyidnumberhelp'))} />
          </FormField>
          <FormField id="competency-description" label={s('description')}>
            <textarea id="competency-description" rows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
          </FormField>
          <div className="form-actions">
            <PendingButton isPending={pending} className="btn btn-primary" type="submit">
              {submitLabel}
            </PendingButton>
            <Button className="btn btn-secondary" onPress={onDone}>
              {s('cancel')}
            </Button>
          </div>
        </form>
  );
}
