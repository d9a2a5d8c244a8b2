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
  const [chosen, setChosen] = useState<Key | null>(null);
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
      selectedKey={chosen}
      onSelectionChange={(key: Key | null) => {
        // Both the text and the choice are controlled, so the box closes its list only when the
        // choice changes, and its text is ours to set: the chosen name while the focus stays (an
        // emptied, focused box would open its list again), nothing once the box is left.
        // No key: the list was dismissed (Escape), and the typed text goes with it.
        const previous = chosen;
        setChosen(key);
        setText(key === null ? '' : (items.find((p) => p.id === Number(key))?.fullname ?? ''));
        if (key !== null && key !== previous) onSelect(Number(key));
      }}
      onBlur={() => {
        setText('');
        setChosen(null);
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
