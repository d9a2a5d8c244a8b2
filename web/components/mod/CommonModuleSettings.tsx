import { useId } from 'react';
import type { coreCourseformatGetModuleForm } from '../../../api/courseformat';
import type { ResultOf } from '../../../api/contract';
import { describedBy, FormField } from '../../platform/FormField';
import { useStrings } from '../../platform/useStrings';
import './mod.css';

export type ModuleFormData = ResultOf<typeof coreCourseformatGetModuleForm>;

export interface GroupSettings {
  groupmode: number;
  groupingid: number;
}

/** The group settings a form starts from: the module's own, or the course's defaults for a new one. */
export function initialGroupSettings(data: ModuleFormData): GroupSettings {
  if (data.cm) return { groupmode: data.course.groupmodeforce ? data.course.groupmode : data.cm.groupmode, groupingid: data.cm.groupingid };
  return { groupmode: data.course.groupmode, groupingid: data.course.defaultgroupingid };
}

/** What to send: a forced group mode is the course's business, so only the grouping goes then. */
export function groupSettingsArgs(data: ModuleFormData, value: GroupSettings): { groupmode?: number; groupingid: number } {
  return data.course.groupmodeforce ? { groupingid: value.groupingid } : { groupmode: value.groupmode, groupingid: value.groupingid };
}

/**
 * "Common module settings": the activity's group mode (shown fixed when the course forces one) and
 * the grouping whose groups it works with.
 */
export function CommonModuleSettings({ data, value, onChange }: { data: ModuleFormData; value: GroupSettings; onChange: (value: GroupSettings) => void }) {
  const c = useStrings('core_courseformat', ['commonmodulesettings']);
  const s = useStrings('core_group', ['groupmode', 'groupmodehelp', 'groupmodeforcedhelp', 'groupsnone', 'groupsseparate', 'groupsvisible', 'groupingfield', 'groupingfieldhelp', 'nogrouping']);
  const modeId = useId();
  const groupingId = useId();
  const forced = data.course.groupmodeforce === 1;
  const modeHelp = forced ? s('groupmodeforcedhelp') : s('groupmodehelp');
  return (
    <fieldset className="module-settings-section">
      <legend>{c('commonmodulesettings')}</legend>
      <FormField id={modeId} label={s('groupmode')} help={modeHelp}>
        <select
          id={modeId}
          value={forced ? data.course.groupmode : value.groupmode}
          disabled={forced}
          onChange={(e) => onChange({ ...value, groupmode: Number(e.target.value) })}
          {...describedBy(modeId, undefined, modeHelp)}
        >
          <option value={0}>{s('groupsnone')}</option>
          <option value={1}>{s('groupsseparate')}</option>
          <option value={2}>{s('groupsvisible')}</option>
        </select>
      </FormField>
      <FormField id={groupingId} label={s('groupingfield')} help={s('groupingfieldhelp')}>
        <select id={groupingId} value={value.groupingid} onChange={(e) => onChange({ ...value, groupingid: Number(e.target.value) })} {...describedBy(groupingId, undefined, s('groupingfieldhelp'))}>
          <option value={0}>{s('nogrouping')}</option>
          {data.groupings.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </FormField>
    </fieldset>
  );
}
