import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import { coreTagCombineTags, coreTagListTags } from '../../../api/tag';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import type { ListedTag } from './ManageTags';
import { TAG_STRINGS } from './tagStrings';

/** Combine the checked tags: choose the one to keep (the first is preselected), then confirm. */
export function CombineTagsDialog({ tags, onClose }: { tags: ListedTag[]; onClose: (combined: boolean) => void }) {
  const s = useStrings('core_tag', TAG_STRINGS);
  const [main, setMain] = useState(String(tags[0]?.id ?? ''));
  const combine = useWsMutation(coreTagCombineTags, [coreTagListTags]);
  const kept = tags.find((t) => String(t.id) === main);

  function submit() {
    combine.mutate(
      { tagids: tags.map((t) => t.id), maintag: Number(main) },
      {
        onSuccess: () => {
          void addNotification({ message: s('tagscombined', kept?.rawname ?? ''), type: 'success' });
          onClose(true);
        },
      },
    );
  }

  return (
    <ModalDialog
      isOpen
      title={s('combinetags')}
      onClose={() => onClose(false)}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={() => onClose(false)}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={combine.isPending} className="btn btn-primary" onPress={submit}>
            {s('combinetagsbutton')}
          </PendingButton>
        </>
      }
    >
      <RadioGroup className="radio-group tag-combine-choice" value={main} onChange={setMain}>
        <Label className="field-label">{s('combinetagsintro')}</Label>
        {tags.map((tag) => (
          <Radio key={tag.id} className="radio" value={String(tag.id)}>
            {tag.rawname}
          </Radio>
        ))}
      </RadioGroup>
    </ModalDialog>
  );
}
