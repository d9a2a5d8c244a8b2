import { useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { modLtiAddInstance, modLtiGetCourseTools, modLtiGetLtisByCourses, modLtiUpdateInstance } from '../../../api/lti';
import { AjaxError } from '../../platform/ajax';
import { config } from '../../platform/config';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { LTI_STRINGS } from '../lti/strings';
import type { TaggableArea } from '../tag/TagsField';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

type Container = 1 | 2 | 3 | 4 | 5;
type Choice = 0 | 1;

const validGrade = (v: string) => /^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 10000;
const isWebUrl = (v: string) => URL.canParse(v.trim()) && ['http:', 'https:'].includes(new URL(v.trim()).protocol);

/** Settings of an external tool activity: a configured tool or a tool URL (with its own key and secret), launch container and privacy. */
export function LtiSettingsForm(props: ModuleFormProps) {
  return (
    <WithModuleForm courseid={props.courseid} cmid={props.cmid}>
      {(data, tagArea) => <LtiFields {...props} data={data} tagArea={tagArea} />}
    </WithModuleForm>
  );
}

function LtiFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const id = useId();
  const c = useStrings('core_courseformat', ['name', 'description', 'required']);
  const s = useStrings('mod_lti', LTI_STRINGS);
  const tools = useWsQuery(modLtiGetCourseTools, { courseid });
  const add = useWsMutation(modLtiAddInstance, MODULE_QUERIES, { quiet: true });
  const update = useWsMutation(modLtiUpdateInstance, [...MODULE_QUERIES, modLtiGetLtisByCourses], { quiet: true });
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const stored = common.values;
  const initial = {
    typeid: Number(stored.typeid ?? 0),
    toolurl: stored.toolurl ?? '',
    resourcekey: stored.resourcekey ?? '',
    password: '',
    instructorcustomparameters: stored.instructorcustomparameters ?? '',
    launchcontainer: Number(stored.launchcontainer ?? 1) as Container,
    instructorchoicesendname: Number(stored.instructorchoicesendname ?? 1) as Choice,
    instructorchoicesendemailaddr: Number(stored.instructorchoicesendemailaddr ?? 1) as Choice,
    instructorchoiceacceptgrades: Number(stored.instructorchoiceacceptgrades ?? 1) as Choice,
    grade: stored.grade ?? '100',
  };
  const [v, setV] = useState(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const set = (changes: Partial<typeof v>) => setV((old) => ({ ...old, ...changes }));
  const dirty = common.dirty || JSON.stringify(v) !== JSON.stringify(initial);
  const errors: Record<string, string | undefined> = {
    name: common.tried && !name.trim() ? c('required') : undefined,
    grade: common.tried && !validGrade(v.grade) ? s('invalidgrade') : undefined,
    toolurl: common.tried && v.typeid === 0 && !isWebUrl(v.toolurl) ? s('toolurlrequired') : common.tried && v.toolurl && !isWebUrl(v.toolurl) ? s('errorbadurl') : undefined,
    ...serverErrors,
  };
  const onError = (error: Error) => {
    setServerErrors(error instanceof AjaxError && error.fielderrors?.length ? Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])) : { form: error.message });
  };
  const manual = v.typeid === 0;
  const deepLinking = Boolean(tools.data?.find((t) => t.id === v.typeid)?.deeplinking);
  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={dirty}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        setServerErrors({});
        if (!name.trim() || !validGrade(v.grade) || (manual && !isWebUrl(v.toolurl)) || (v.toolurl && !isWebUrl(v.toolurl))) return;
        const fields = { ...common.fields, ...v, grade: Number(v.grade) };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone), onError });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone), onError });
      }}
    >
      <ErrorSummary title={s('formerrors')} errors={common.tried ? Object.values(errors) : Object.values(serverErrors)} />
      <SettingsField label={c('name')} value={name} onChange={setName} error={errors.name} required />
      <SettingsField label={c('description')} value={intro} onChange={setIntro} multiline />
      <FormField id={`${id}-tool`} label={s('preconfiguredtool')} error={errors.typeid ?? tools.error?.message}>
        <select id={`${id}-tool`} value={v.typeid} onChange={(e) => set({ typeid: Number(e.target.value) })} {...describedBy(`${id}-tool`, errors.typeid)}>
          <option value={0}>{s('automatic')}</option>
          {(tools.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </FormField>
      {!cmid && deepLinking && (
        <div className="field">
          {/* The tool's choice becomes the activity, so the form closes (nothing of it is kept) before the page goes to the tool. */}
          <Button
            className="btn btn-secondary"
            onPress={() => {
              onDone();
              window.setTimeout(() => window.location.assign(`/mod/lti/contentitem.php?course=${courseid}&section=${section}&id=${v.typeid}&sesskey=${encodeURIComponent(config().sesskey)}`), 0);
            }}
          >
            {s('selectcontent')}
          </Button>
          <p className="field-help">{s('selectcontent_help')}</p>
        </div>
      )}
      <SettingsField label={s('toolurl')} value={v.toolurl} onChange={(toolurl) => set({ toolurl })} error={errors.toolurl} help={s('toolurl_help')} type="url" required={manual} />
      {manual && (
        <>
          <SettingsField label={s('consumerkey')} value={v.resourcekey} onChange={(resourcekey) => set({ resourcekey })} />
          <FormField id={`${id}-secret`} label={s('sharedsecret')} help={stored.hassecret === '1' ? s('sharedsecretset') : undefined}>
            <input id={`${id}-secret`} type="password" autoComplete="new-password" value={v.password} onChange={(e) => set({ password: e.target.value })} {...describedBy(`${id}-secret`, undefined, stored.hassecret === '1' ? s('sharedsecretset') : undefined)} />
          </FormField>
        </>
      )}
      <FormField id={`${id}-custom`} label={s('customparameters')} help={s('customparameters_help')}>
        <textarea id={`${id}-custom`} rows={3} value={v.instructorcustomparameters} onChange={(e) => set({ instructorcustomparameters: e.target.value })} {...describedBy(`${id}-custom`, undefined, s('customparameters_help'))} />
      </FormField>
      <FormField id={`${id}-container`} label={s('launchcontainer')}>
        <select id={`${id}-container`} value={v.launchcontainer} onChange={(e) => set({ launchcontainer: Number(e.target.value) as Container })}>
          <option value={1}>{s('launchcontainer_default')}</option>
          <option value={2}>{s('launchcontainer_embed')}</option>
          <option value={3}>{s('launchcontainer_embed_no_blocks')}</option>
          <option value={4}>{s('launchcontainer_window')}</option>
          <option value={5}>{s('launchcontainer_replace')}</option>
        </select>
      </FormField>
      <fieldset className="lti-settings-section">
        <legend>{s('privacy')}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={v.instructorchoicesendname === 1} onChange={(e) => set({ instructorchoicesendname: e.target.checked ? 1 : 0 })} /> {s('instructorchoicesendname')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={v.instructorchoicesendemailaddr === 1} onChange={(e) => set({ instructorchoicesendemailaddr: e.target.checked ? 1 : 0 })} /> {s('instructorchoicesendemailaddr')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={v.instructorchoiceacceptgrades === 1} onChange={(e) => set({ instructorchoiceacceptgrades: e.target.checked ? 1 : 0 })} /> {s('instructorchoiceacceptgrades')}
        </label>
        <SettingsField label={s('maximumgrade')} value={v.grade} onChange={(grade) => set({ grade })} error={errors.grade} help={s('maximumgrade_help')} />
      </fieldset>
      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}
