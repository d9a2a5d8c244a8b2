import { useId, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { coreCourseGetContents } from '../../../api/course';
import { coreCourseformatGetModule, coreCourseformatGetModuleForm, coreCourseformatGetState } from '../../../api/courseformat';
import { Loading } from '../../app/Page';
import { describedBy, FormField } from '../../platform/FormField';
import { showException } from '../../platform/dialogs';
import { PendingButton } from '../../platform/PendingButton';
import { RichText } from '../../platform/RichText';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { TagsField, tagsChanged, useSaveItemTags, useTaggableArea, type TaggableArea } from '../tag/TagsField';
import { groupSettingsArgs, initialGroupSettings, type ModuleFormData } from './CommonModuleSettings';

/** What a module's settings change: the course page, the course contents and the module's own reads. */
export const MODULE_QUERIES = [coreCourseformatGetState, coreCourseGetContents, coreCourseformatGetModuleForm, coreCourseformatGetModule] as const;

/**
 * Loads what a settings form needs (the course's group settings and groupings, and for an existing
 * module its stored values) and then shows the form.
 */
export function WithModuleForm({ courseid, cmid, children }: { courseid: number; cmid?: number; children: (data: ModuleFormData, tagArea: TaggableArea) => ReactNode }) {
  const form = useWsQuery(coreCourseformatGetModuleForm, cmid ? { cmid } : { courseid }, { meta: { quiet: true } });
  const tags = useTaggableArea('course_modules', cmid);
  if (form.error) {
    return (
      <div className="alert alert-error" role="alert">
        <div className="alert-message">{form.error.message}</div>
      </div>
    );
  }
  if (form.isPending || tags.isPending) return <Loading />;
  return <>{children(form.data, tags.area)}</>;
}

/**
 * What every activity's settings form has: name, description, tags and the common group settings,
 * their state, whether any differs from what was loaded, and the fields to send. Each form adds its
 * own fields (and their part of `dirty`) around these.
 */
export function useModuleSettings(data: ModuleFormData, tagArea: TaggableArea) {
  const values = data.cm?.values ?? {};
  const [name, setName] = useState(values.name ?? '');
  const [intro, setIntro] = useState(values.intro ?? '');
  const [groups, setGroups] = useState(() => initialGroupSettings(data));
  const [loadedGroups] = useState(groups);
  const [tried, setTried] = useState(false);
  const tags = useModuleTags(tagArea);
  return {
    values,
    name,
    setName,
    intro,
    setIntro,
    groups,
    setGroups,
    tags,
    /** Submit was pressed once: required fields show their errors from then on. */
    tried,
    setTried,
    dirty: name !== (values.name ?? '') || intro !== (values.intro ?? '') || JSON.stringify(groups) !== JSON.stringify(loadedGroups) || tags.dirty,
    fields: { name, intro, ...groupSettingsArgs(data, groups) },
  };
}

/**
 * The tags of a module in its settings form: the field, whether they changed (for the unsaved-changes
 * guard) and `afterSave`, which stores them once the module is saved (a new one has its cmid only then).
 */
export function useModuleTags(area: TaggableArea) {
  const t = useStrings('core_tag', ['tagssavefailed']);
  const [tags, setTags] = useState(area.tags);
  const [saving, setSaving] = useState(false);
  const saveTags = useSaveItemTags();
  return {
    dirty: tagsChanged(area, tags),
    saving,
    field: <TagsField area={area} value={tags} onChange={setTags} />,
    afterSave: (cmid: number, done: () => void) => {
      setSaving(true);
      saveTags(area, cmid, tags)
        .catch((error: unknown) => showException(new Error(t('tagssavefailed', error instanceof Error ? error.message : String(error)))))
        .finally(() => {
          setSaving(false);
          done();
        });
    },
  };
}

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: string;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'url';
}

/**
 * A labelled field: label above, help and error below, tied to the input for screen readers. A
 * multi-line field (a description, a page's content) is rich text, stored as HTML.
 */
export function SettingsField({ label, value, onChange, error, help, multiline = false, required = false, type = 'text' }: FieldProps) {
  const id = useId();
  const described = describedBy(id, error, help);
  if (multiline) {
    return (
      <div className="field">
        <span id={`${id}-label`} className="field-label">
          {label}
        </span>
        <RichText id={id} labelId={`${id}-label`} rows={4} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={described['aria-describedby']} />
        {help && (
          <p id={`${id}-help`} className="field-help">
            {help}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <FormField id={id} label={label} error={error} help={help}>
      <input id={id} value={value} {...described} aria-required={required || undefined} type={type === 'url' ? 'text' : type} inputMode={type === 'url' ? 'url' : undefined} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

interface SettingsFormProps {
  onSubmit: () => void;
  onCancel: () => void;
  pending: boolean;
  /** The fields differ from what was loaded: leaving by a link asks first. */
  dirty: boolean;
  children: ReactNode;
}

/** A module settings form: the fields, then Cancel and "Save and return to course". */
export function SettingsForm({ onSubmit, onCancel, pending, dirty, children }: SettingsFormProps) {
  const s = useStrings('core_courseformat', ['saveandreturn', 'cancel']);
  useUnsavedChanges(dirty);
  return (
    <form
      className="form-stack module-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="form-actions modal-actions">
        <Button className="btn btn-secondary" onPress={onCancel}>
          {s('cancel')}
        </Button>
        <PendingButton isPending={pending} type="submit" className="btn btn-primary">
          {s('saveandreturn')}
        </PendingButton>
      </div>
    </form>
  );
}
