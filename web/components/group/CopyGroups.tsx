import { useState, type FormEvent } from 'react';
import { coreGroupCopyGroups, coreGroupGetCourseGroups } from '../../../api/group';
import type { AutocompleteOption } from '../../platform/Autocomplete';
import { CourseSelector } from '../../platform/CourseSelector';
import { FormDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

interface CopyGroupsProps {
  courseid: number;
  onClose: () => void;
}

/** Copies another course's groups into this one; the course is chosen with the course selector. */
export function CopyGroups({ courseid, onClose }: CopyGroupsProps) {
  const s = useStrings('core_group', ['copygroups', 'copygroupsdesc', 'copygroupsfrom', 'copygroupsdone', 'copygroupsskipped', 'copygroupsnone', 'copygroupschoose', 'cancel']);
  const [course, setCourse] = useState<AutocompleteOption[]>([]);
  const [error, setError] = useState('');
  const copy = useWsMutation(coreGroupCopyGroups, [coreGroupGetCourseGroups]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = course[0];
    if (!chosen) {
      setError(s('copygroupschoose'));
      return;
    }
    copy.mutate(
      { courseid, fromcourseid: Number(chosen.value) },
      {
        onSuccess: ({ created, skipped }) => {
          const done = created.length ? s('copygroupsdone', created.length) : s('copygroupsnone');
          void addNotification({ message: skipped.length ? `${done} ${s('copygroupsskipped', skipped.join(', '))}` : done, type: created.length ? 'success' : 'info' });
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog title={s('copygroups')} formId="copygroups-form" submitLabel={s('copygroups')} cancelLabel={s('cancel')} pending={copy.isPending} onSubmit={submit} onClose={onClose} className="copygroups-form">
      <p className="muted">{s('copygroupsdesc')}</p>
      <CourseSelector
        label={s('copygroupsfrom')}
        value={course}
        onChange={(v) => {
          setCourse(v);
          setError('');
        }}
        requiredCapabilities={['moodle/course:managegroups']}
        exclude={[courseid]}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
