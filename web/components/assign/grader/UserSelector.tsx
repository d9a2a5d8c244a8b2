import { useEffect, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { IDENTITY_FIELDS } from '../../../../api/identity';
import { modAssignListParticipants, PARTICIPANT_SELECTOR_LIMIT, type Participant } from '../../../../api/assign';
import { AJAX_DEBOUNCE_MS } from '../../../platform/Autocomplete';
import { useWsQuery } from '../../../platform/query';
import { useStrings, type StringLookup } from '../../../platform/useStrings';
import { UserPicture } from './UserPicture';
import '../../../platform/autocomplete.css';

interface UserSelectorProps {
  assignid: number;
  s: StringLookup;
  onSelect: (userid: number) => void;
}

/** The identity values the server answered for a participant, in the site's order. */
function identity(p: Participant): string {
  return IDENTITY_FIELDS.map((f) => p[f])
    .filter((v): v is string => Boolean(v))
    .join(', ');
}

/**
 * "Change user": a search box over the assignment's participants (30 at a time, matched on the
 * server), each suggestion with its picture, full name and identity fields. Choosing one moves there.
 */
export function UserSelector({ assignid, s, onSelect }: UserSelectorProps) {
  const m = useStrings('moodle', ['searching', 'nosuggestions']);
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), AJAX_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useWsQuery(
    modAssignListParticipants,
    { assignid, filter: query ?? '', limit: PARTICIPANT_SELECTOR_LIMIT, onlyids: false },
    { enabled: query !== null, placeholderData: (previous) => previous },
  );
  const items = found.data ?? [];
  return (
    <ComboBox<Participant>
      className="grader-userselector autocomplete-combobox"
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        // No key: the list was dismissed (Escape); the typed text goes with it, as react-aria expects of a controlled box.
        setText('');
        if (key !== null) onSelect(Number(key));
      }}
      menuTrigger="focus"
      allowsEmptyCollection
    >
      <Label className="visually-hidden">{s('changeuser')}</Label>
      <div className="autocomplete-field">
        <Input className="autocomplete-input" placeholder={s('searchparticipants')} />
        <Button className="autocomplete-toggle" aria-label={s('changeuser')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Popover className="autocomplete-popover grader-userselector-popover" placement="bottom start">
        <ListBox<Participant> className="autocomplete-list" renderEmptyState={() => <div className="autocomplete-empty">{found.isFetching ? m('searching') : m('nosuggestions')}</div>}>
          {(p) => (
            <ListBoxItem id={p.id} textValue={p.fullname} className="autocomplete-option grader-userselector-option">
              <UserPicture url={p.profileimageurlsmall} fullname={p.fullname} />
              <span className="grader-userselector-text">
                <span className="grader-userselector-name">{p.fullname}</span>
                {identity(p) && <span className="grader-userselector-identity">{identity(p)}</span>}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
