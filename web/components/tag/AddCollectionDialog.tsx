import { useState, type FormEvent } from 'react';
import { Checkbox } from 'react-aria-components';
import { coreTagCreateCollection, coreTagGetCollectionsAndAreas } from '../../../api/tag';
import { AjaxError } from '../../platform/ajax';
import { FormDialog, showException } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { TAG_STRINGS } from './tagStrings';

/** Add a tag collection: a name (required) and whether its tags can be searched. */
export function AddCollectionDialog({ onClose }: { onClose: () => void }) {
  const s = useStrings('core_tag', TAG_STRINGS);
  const create = useWsMutation(coreTagCreateCollection, [coreTagGetCollectionsAndAreas], { quiet: true });
  const [name, setName] = useState('');
  const [searchable, setSearchable] = useState(true);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError(s('namerequired'));
    setError(undefined);
    create.mutate(
      { name: name.trim(), searchable },
      {
        onSuccess: () => {
          void addNotification({ message: s('collectioncreated', name.trim()), type: 'success' });
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof AjaxError && failure.errorcode !== 'nopermissions') setError(failure.message);
          else void showException(failure);
        },
      },
    );
  }

  return (
    <FormDialog title={s('addtagcoll')} formId="tag-addcoll-form" submitLabel={s('createcollection')} cancelLabel={s('cancel')} pending={create.isPending} onSubmit={submit} onClose={onClose}>
      <FormField id="tag-collname" label={s('name')} error={error}>
        <input id="tag-collname" type="text" value={name} maxLength={255} required autoFocus onChange={(e) => setName(e.target.value)} {...describedBy('tag-collname', error)} />
      </FormField>
      <div className="field">
        <Checkbox className="checkbox" isSelected={searchable} onChange={setSearchable} aria-describedby="tag-collsearchable-help">
          <span className="checkbox-box" aria-hidden="true" />
          {s('searchable')}
        </Checkbox>
        <p id="tag-collsearchable-help" className="field-help">
          {s('searchablehelp')}
        </p>
      </div>
    </FormDialog>
  );
}
