import { useContext, useEffect, useId, useRef, useState, type ContextType, type ReactNode, type RefObject } from 'react';
import {
  Button,
  ComboBox,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
  Text,
  type ComboBoxProps,
  type Key,
} from 'react-aria-components';
import { useStrings } from './useStrings';
import './autocomplete.css';

/** One choice: `value` is what a form sends, `label` what people read. */
export interface AutocompleteOption {
  value: string;
  label: string;
}

export interface AutocompleteProps {
  /** The visible label of the text box. */
  label: string;
  /** What is selected (one item at most unless `multiple`). */
  value: readonly AutocompleteOption[];
  onChange: (value: AutocompleteOption[]) => void;
  /** Several selections (chips); otherwise a new choice replaces the old one. */
  multiple?: boolean;
  /** Tags mode: typed text (comma-separated, or Enter, or leaving the box) becomes new options. */
  tags?: boolean;
  /** Static options, filtered by what is typed. */
  options?: readonly AutocompleteOption[];
  /** An ajax source, asked 300 ms after typing stops; it does its own matching. */
  source?: (query: string) => Promise<AutocompleteOption[]>;
  placeholder?: string;
  description?: ReactNode;
  /** Names hidden inputs with the selected values, for plain form posts. */
  name?: string;
  isDisabled?: boolean;
}

/** Moodle's delays: the ajax source waits for typing to pause; the list closes a moment after leaving the box. */
export const AJAX_DEBOUNCE_MS = 300;
export const BLUR_CLOSE_MS = 500;

const sameLabel = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

type ComboState = NonNullable<ContextType<typeof ComboBoxStateContext>>;

/** Hands the combobox's state to the widget, which closes the list itself after a blur. */
function StateBridge({ stateRef }: { stateRef: RefObject<ComboState | null> }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    stateRef.current = state;
  });
  return null;
}

/**
 * Moodle's autocomplete on react-aria: a text box with suggestions (down arrow opens, Escape closes,
 * Enter chooses), the selections as removable chips (Backspace or Delete on a focused chip), static or
 * ajax options, tags mode, a "No suggestions" state, and each change announced to screen readers.
 */
export function Autocomplete({ label, value, onChange, multiple = false, tags = false, options, source, placeholder, description, name, isDisabled }: AutocompleteProps) {
  const s = useStrings('moodle', ['nosuggestions', 'noselection', 'selecteditems', 'showsuggestions', 'removeselection', 'itemselected', 'itemremoved', 'searching', 'suggestionsfailed']);
  const [text, setText] = useState('');
  // The ajax answer, with the text it answers: while they differ a search is under way. A failed
  // search keeps its error message, shown in place of the suggestions.
  const [answered, setAnswered] = useState<{ query: string; options: AutocompleteOption[]; error?: string } | null>(null);
  const [asked, setAsked] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const stateRef = useRef<ComboState | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsId = useId();

  // The ajax source: 300 ms after the text last changed (once the user has typed or opened the list).
  useEffect(() => {
    if (!source || !asked) return;
    let current = true;
    const query = text.trim();
    const timer = setTimeout(() => {
      source(query).then(
        (found) => current && setAnswered({ query, options: found }),
        (error: unknown) => current && setAnswered({ query, options: [], error: error instanceof Error ? error.message : String(error) }),
      );
    }, AJAX_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [source, text, asked]);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const remote = answered?.options ?? [];
  const loading = Boolean(source) && answered?.query !== text.trim();
  const chosen = new Set(value.map((v) => v.value));
  const query = text.trim().toLocaleLowerCase();
  const pool = source ? remote : (options ?? []).filter((o) => o.label.toLocaleLowerCase().includes(query));
  // Stale answers (for older text) are not offered: the list says "Searching…" until the new one comes.
  const suggestions = loading ? [] : pool.filter((o) => !chosen.has(o.value));

  const select = (picked: AutocompleteOption[]) => {
    const fresh = picked.filter((p, i) => !chosen.has(p.value) && picked.findIndex((q) => q.value === p.value) === i);
    if (!fresh.length) return;
    onChange(multiple ? [...value, ...fresh] : fresh.slice(-1));
    setAnnouncement(s('itemselected', fresh.map((f) => f.label).join(', ')));
  };
  const remove = (keys: Set<Key>) => {
    const gone = value.filter((v) => keys.has(v.value));
    onChange(value.filter((v) => !keys.has(v.value)));
    setAnnouncement(s('itemremoved', gone.map((g) => g.label).join(', ')));
    // The chips may all be gone: the text box takes the focus back.
    if (gone.length === value.length) requestAnimationFrame(() => inputRef.current?.focus());
  };
  /** Tags mode: each typed name becomes the option with that label, or a new one. */
  const createTags = (names: string[]) => {
    const known = [...(options ?? []), ...remote, ...value];
    select(
      names
        .map((n) => n.trim())
        .filter(Boolean)
        .map((n) => known.find((o) => sameLabel(o.label, n)) ?? { value: n, label: n }),
    );
  };

  const onInputChange = (typed: string) => {
    setAsked(true);
    if (tags && typed.includes(',')) {
      const parts = typed.split(',');
      const rest = parts.pop() ?? '';
      createTags(parts);
      setText(rest);
      return;
    }
    setText(typed);
  };
  const onSelectionChange = (key: Key | null) => {
    // No key: the list was dismissed (Escape). Outside tags mode the typed text goes with it, as
    // react-aria expects of a controlled box; otherwise the list would reopen for that text.
    if (key === null) {
      if (!tags) setText('');
      return;
    }
    const option = suggestions.find((o) => o.value === String(key));
    if (option) select([option]);
    setText('');
    stateRef.current?.close();
  };

  // The list stays open for a moment after the text box loses focus; leaving with text in tags mode adds it.
  const onBlur = () => {
    clearTimeout(blurTimer.current);
    blurTimer.current = setTimeout(() => {
      if (tags && text.trim()) {
        createTags([text]);
        setText('');
      }
      stateRef.current?.close();
    }, BLUR_CLOSE_MS);
  };

  // react-aria's own close-on-blur is switched off: the widget closes the list after BLUR_CLOSE_MS.
  const comboProps = { shouldCloseOnBlur: false } as Partial<ComboBoxProps<AutocompleteOption>>;

  return (
    <div
      className="autocomplete"
      onKeyDownCapture={(e) => {
        // Enter with no suggestion highlighted: in tags mode the typed text becomes a tag; otherwise
        // nothing happens (react-aria would clear the text).
        const target = e.target as HTMLElement;
        if (e.key !== 'Enter' || target !== inputRef.current || target.getAttribute('aria-activedescendant')) return;
        e.preventDefault();
        e.stopPropagation();
        if (tags && text.trim()) {
          createTags([text]);
          setText('');
        }
      }}
    >
      <ComboBox<AutocompleteOption>
        {...comboProps}
        className="autocomplete-combobox"
        items={suggestions}
        inputValue={text}
        onInputChange={onInputChange}
        selectedKey={null}
        onSelectionChange={onSelectionChange}
        onOpenChange={(open) => open && setAsked(true)}
        allowsCustomValue={tags}
        allowsEmptyCollection
        isDisabled={isDisabled}
      >
        <StateBridge stateRef={stateRef} />
        <Label className="field-label">{label}</Label>
        <div className="autocomplete-field">
          <Input
            ref={inputRef}
            className="autocomplete-input"
            placeholder={placeholder}
            onFocus={() => clearTimeout(blurTimer.current)}
            onBlur={onBlur}
          />
          <Button className="autocomplete-toggle" aria-label={s('showsuggestions')}>
            <span aria-hidden="true">▾</span>
          </Button>
        </div>
        {description && (
          <Text slot="description" className="field-help">
            {description}
          </Text>
        )}
        <Popover className="autocomplete-popover" placement="bottom start">
          <ListBox<AutocompleteOption>
            className="autocomplete-list"
            renderEmptyState={() => (
              <div className="autocomplete-empty" role={answered?.error && !loading ? 'alert' : undefined}>
                {loading ? s('searching') : answered?.error ? s('suggestionsfailed', answered.error) : s('nosuggestions')}
              </div>
            )}
          >
            {(option) => (
              <ListBoxItem id={option.value} textValue={option.label} className="autocomplete-option">
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <TagGroup className="autocomplete-selection" aria-label={`${label}: ${s('selecteditems')}`} id={chipsId} onRemove={remove}>
        <TagList<AutocompleteOption> items={value} className="autocomplete-chips" renderEmptyState={() => <span className="muted autocomplete-none">{s('noselection')}</span>}>
          {(item) => (
            <Tag id={item.value} textValue={item.label} className="autocomplete-chip">
              {item.label}
              <Button slot="remove" className="autocomplete-chip-remove" aria-label={s('removeselection', item.label)}>
                <span aria-hidden="true">×</span>
              </Button>
            </Tag>
          )}
        </TagList>
      </TagGroup>
      {name && value.map((v) => <input key={v.value} type="hidden" name={multiple ? `${name}[]` : name} value={v.value} />)}
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
