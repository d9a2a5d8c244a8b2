import { useState } from 'react';
import { modPageAddInstance, modPageGetPagesByCourses, modPageUpdateInstance } from '../../../api/page';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import type { TaggableArea } from '../tag/TagsField';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

/** Settings of a page, new or existing: name, description, the page's content and the common module settings. */
export function PageSettingsForm(props: ModuleFormProps) {
  return (
    <WithModuleForm courseid={props.courseid} cmid={props.cmid}>
      {(data, tagArea) => <PageFields {...props} data={data} tagArea={tagArea} />}
    </WithModuleForm>
  );
}

function PageFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const s = useStrings('core_courseformat', ['name', 'description', 'required']);
  const p = useStrings('mod_page', ['content']);
  const add = useWsMutation(modPageAddInstance, MODULE_QUERIES);
  const update = useWsMutation(modPageUpdateInstance, [...MODULE_QUERIES, modPageGetPagesByCourses]);
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const [content, setContent] = useState(common.values.content ?? '');
  const dirty = common.dirty || content !== (common.values.content ?? '');
  const nameError = common.tried && !name.trim() ? s('required') : undefined;
  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={dirty}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        if (!name.trim()) return;
        const fields = { ...common.fields, content };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone) });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone) });
      }}
    >
      <SettingsField label={s('name')} value={name} onChange={setName} error={nameError} required />
      <SettingsField label={s('description')} value={intro} onChange={setIntro} multiline />
      <SettingsField label={p('content')} value={content} onChange={setContent} multiline />
      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}
