import { useState, type FormEvent } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import {
  coreCompetencyCreateCompetencyFramework,
  coreCompetencyGetScaleValues,
  coreCompetencyUpdateCompetencyFramework,
  TAXONOMY_TERMS,
  toolLpDataForCompetencyFrameworksManagePage,
  type Framework,
} from '../../../api/competency';
import { AjaxError } from '../../platform/ajax';
import { FormDialog, showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';
import { flagsOf, ScaleConfigDialog } from './ScaleConfigDialog';

const LEVELS = 4;
type Errors = Partial<Record<'shortname' | 'idnumber' | 'scaleid' | 'scaleconfiguration' | 'taxonomies', string>>;

/** Create or edit a framework: names, scale with its configuration, visibility and a taxonomy term per level. */
export function FrameworkForm({ framework, contextid, scales, s, onClose }: { framework?: Framework; contextid: number; scales: Array<{ id: number; name: string }>; s: StringLookup; onClose: () => void }) {
  const create = useWsMutation(coreCompetencyCreateCompetencyFramework, [toolLpDataForCompetencyFrameworksManagePage], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdateCompetencyFramework, [toolLpDataForCompetencyFrameworksManagePage], { quiet: true });
  const [shortname, setShortname] = useState(framework?.shortname ?? '');
  const [idnumber, setIdnumber] = useState(framework?.idnumber ?? '');
  const [description, setDescription] = useState(framework ? htmlToText(framework.description) : '');
  const [scaleid, setScaleid] = useState(framework?.scaleid ?? 0);
  const [scaleconfiguration, setScaleconfiguration] = useState(framework?.scaleconfiguration ?? '');
  const [visible, setVisible] = useState(framework?.visible ?? true);
  const [taxonomies, setTaxonomies] = useState<string[]>(() => {
    const stored = (framework?.taxonomies ?? '').split(',');
    return Array.from({ length: LEVELS }, (_, i) => stored[i] || 'competency');
  });
  const [configuring, setConfiguring] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const busy = create.isPending || update.isPending;
  const configured = flagsOf(scaleconfiguration, scaleid).length > 0;

  function failed(error: Error) {
    if (error instanceof AjaxError && error.fielderrors?.length) setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])));
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!shortname.trim()) found.shortname = s('required');
    if (!idnumber.trim()) found.idnumber = s('required');
    if (scaleid <= 0) found.scaleid = s('invalidscale');
    else if (!configured) found.scaleconfiguration = s('scalenotconfigured');
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = { shortname, idnumber, description, descriptionformat: 2, visible, scaleid, scaleconfiguration, taxonomies: taxonomies.join(',') };
    const done = () => {
      void addNotification({ message: s('frameworksaved'), type: 'success' });
      onClose();
    };
    if (framework) update.mutate({ competencyframework: { id: framework.id, ...fields } }, { onSuccess: done, onError: failed });
    else create.mutate({ competencyframework: { ...fields, contextid } }, { onSuccess: done, onError: failed });
  }

  const values = useWsQuery(coreCompetencyGetScaleValues, { scaleid }, { enabled: scaleid > 0 });
  const valueNames = scaleSummary(scaleconfiguration, scaleid, values.data ?? [], s);
  return (
    <FormDialog title={framework ? s('editcompetencyframework') : s('addnewcompetencyframework')} formId="framework-form" submitLabel={framework ? s('save') : s('create')} cancelLabel={s('cancel')} pending={busy} onSubmit={submit} onClose={onClose}>
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      <FormField id="fw-shortname" label={s('shortname')} error={errors.shortname}>
        <input id="fw-shortname" type="text" value={shortname} maxLength={100} onChange={(e) => setShortname(e.target.value)} required autoFocus {...describedBy('fw-shortname', errors.shortname)} />
      </FormField>
      <FormField id="fw-idnumber" label={s('idnumber')} error={errors.idnumber} help={s('idnumberhelp')}>
        <input id="fw-idnumber" type="text" value={idnumber} maxLength={100} onChange={(e) => setIdnumber(e.target.value)} required {...describedBy('fw-idnumber', errors.idnumber, s('idnumberhelp'))} />
      </FormField>
      <FormField id="fw-description" label={s('description')}>
        <textarea id="fw-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id="fw-scale" label={s('scale')} error={errors.scaleid ?? errors.scaleconfiguration}>
        <div className="input-row">
          <select
            id="fw-scale"
            value={scaleid}
            onChange={(e) => {
              setScaleid(Number(e.target.value));
              setScaleconfiguration('');
            }}
            {...describedBy('fw-scale', errors.scaleid ?? errors.scaleconfiguration)}
          >
            <option value={0}>{s('choosescale')}</option>
            {scales.map((sc) => (
              <option key={sc.id} value={sc.id}>
                {sc.name}
              </option>
            ))}
          </select>
          <Button className="btn btn-secondary" isDisabled={scaleid <= 0} onPress={() => setConfiguring(true)}>
            {s('configurescale')}
          </Button>
        </div>
        <p className="scale-summary muted small" aria-live="polite">
          {scaleid > 0 ? valueNames : ''}
        </p>
      </FormField>
      <div className="field">
        <Checkbox className="checkbox" isSelected={visible} onChange={setVisible} aria-describedby="fw-visible-help">
          <span className="checkbox-box" aria-hidden="true" />
          {s('visible')}
        </Checkbox>
        <p id="fw-visible-help" className="field-help">
          {s('visiblehelp')}
        </p>
      </div>
      <fieldset className="field taxonomy-fieldset" aria-describedby={errors.taxonomies ? 'fw-taxonomies-help fw-taxonomies-error' : 'fw-taxonomies-help'}>
        <legend className="field-label">{s('taxonomies')}</legend>
        <p id="fw-taxonomies-help" className="field-help">
          {s('taxonomieshelp')}
        </p>
        <div className="taxonomy-levels">
          {taxonomies.map((term, i) => (
            <div key={i} className="field">
              <label htmlFor={`fw-taxonomy-${i + 1}`}>{s('taxonomylevel', i + 1)}</label>
              <select id={`fw-taxonomy-${i + 1}`} value={term} onChange={(e) => setTaxonomies(taxonomies.map((t, k) => (k === i ? e.target.value : t)))}>
                {TAXONOMY_TERMS.map((t) => (
                  <option key={t} value={t}>
                    {s(`taxonomy_${t}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        {errors.taxonomies && (
          <p id="fw-taxonomies-error" className="field-error">
            {errors.taxonomies}
          </p>
        )}
      </fieldset>
      {configuring && (
        <ScaleConfigDialog
          scaleid={scaleid}
          value={scaleconfiguration}
          s={s}
          onClose={() => setConfiguring(false)}
          onSave={(json) => {
            setScaleconfiguration(json);
            setErrors({ ...errors, scaleconfiguration: undefined });
            setConfiguring(false);
          }}
        />
      )}
    </FormDialog>
  );
}

/** "Default: Not yet competent. Proficient: Competent." or "not configured". */
function scaleSummary(json: string, scaleid: number, values: Array<{ id: number; name: string }>, s: StringLookup): string {
  const flags = flagsOf(json, scaleid);
  if (flags.length === 0) return s('scalenotconfigured');
  const name = (id: number) => values.find((v) => v.id === id)?.name ?? `#${id}`;
  const list = (pick: (f: (typeof flags)[number]) => number) => flags.filter(pick).map((f) => name(f.id)).join(', ');
  return s('scaleconfigurationsummary', { default: list((f) => f.scaledefault), proficient: list((f) => f.proficient) });
}
