import { useState, type FormEvent } from 'react';
import { coreTagAddStandardTags, coreTagListTags } from '../../../api/tag';
import { AjaxError } from '../../platform/ajax';
import { FormDialog, showException } from '../../platform/dialogs';
import { describedBy, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { TAG_STRINGS } from './tagStrings';

/** Add standard tags to a collection from a comma-separated list. */
export function AddStandardTagsDialog({ tc, onClose }: { tc: number; onClose: () => void }) {
  const s = useStrings('core_tag', TAG_STRINGS);
  const add = useWsMutation(coreTagAddStandardTags, [coreTagListTags], { quiet: true });
  const [tagslist, setTagslist] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tagslist.split(',').some((t) => t.trim())) return setError(s('tagslistrequired'));
    setError(undefined);
    add.mutate(
      { tc, tagslist },
      {
        onSuccess: (result) => {
          void addNotification({ message: s('standardtagsadded', result.count), type: 'success' });
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
    <FormDialog title={s('addstandardtags')} formId="tag-addstandard-form" submitLabel={s('addstandardtags')} cancelLabel={s('cancel')} pending={add.isPending} onSubmit={submit} onClose={onClose}>
      <FormField id="tag-tagslist" label={s('tagslist')} help={s('tagslisthelp')} error={error}>
        <input id="tag-tagslist" type="text" value={tagslist} autoFocus onChange={(e) => setTagslist(e.target.value)} {...describedBy('tag-tagslist', error, s('tagslisthelp'))} />
      </FormField>
    </FormDialog>
  );
}
