import { useState } from 'react';
import { modUrlAddInstance, modUrlGetUrlsByCourses, modUrlUpdateInstance } from '../../../api/url';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import type { TaggableArea } from '../tag/TagsField';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

/** The server refuses anything else too; checking here puts the error next to the field. */
function isWebAddress(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  return ['http:', 'https:'].includes(new URL(value.trim()).protocol);
}

/** Settings of a URL resource, new or existing: name, description, the http(s) address and the common module settings. */
export function UrlSettingsForm(props: ModuleFormProps) {
  return (
    <WithModuleForm courseid={props.courseid} cmid={props.cmid}>
      {(data, tagArea) => <UrlFields {...props} data={data} tagArea={tagArea} />}
    </WithModuleForm>
  );
}

function UrlFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const s = useStrings('core_courseformat', ['name', 'description', 'required', 'invalidurl']);
  const u = useStrings('mod_url', ['externalurl', 'externalurl_help']);
  const add = useWsMutation(modUrlAddInstance, MODULE_QUERIES);
  const update = useWsMutation(modUrlUpdateInstance, [...MODULE_QUERIES, modUrlGetUrlsByCourses]);
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const [externalurl, setExternalurl] = useState(common.values.externalurl ?? '');
  const dirty = common.dirty || externalurl !== (common.values.externalurl ?? '');
  const nameError = common.tried && !name.trim() ? s('required') : undefined;
  const urlError = common.tried && !isWebAddress(externalurl) ? s('invalidurl') : undefined;
  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={dirty}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        if (!name.trim() || !isWebAddress(externalurl)) return;
        const fields = { ...common.fields, externalurl };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone) });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone) });
      }}
    >
      <SettingsField label={s('name')} value={name} onChange={setName} error={nameError} required />
      <SettingsField label={u('externalurl')} value={externalurl} onChange={setExternalurl} error={urlError} help={u('externalurl_help')} type="url" required />
      <SettingsField label={s('description')} value={intro} onChange={setIntro} multiline />
      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}
