import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { coreUpdateInplaceEditable } from '../../api/core';
import { call } from './ajax';
import { showException } from './dialogs';
import { PendingButton } from './PendingButton';
import './inplace.css';

/**
 * An item edited in place, as the server renders it (core_update_inplace_editable's answer, or a
 * page's own data in that shape). Without component, itemtype and type it is display only.
 */
export interface InplaceElementData {
  displayvalue: string;
  component?: string;
  itemtype?: string;
  itemid?: string;
  value?: string;
  edithint?: string;
  editlabel?: string;
  type?: 'text' | 'toggle' | 'select';
  options?: string;
  linkeverything?: number;
  editable?: boolean;
}

export interface InPlaceEditableProps<E extends InplaceElementData> {
  element: E;
  /** After a save, with the element the server re-rendered and the value it had before. */
  onUpdated?: (element: E, oldvalue: string) => void;
  /** A failed save; answer true when the screen handled it (then no exception dialogue shows). */
  onUpdateFailed?: (error: unknown, newvalue: string) => boolean;
  /** Shown instead of the element's display HTML (a router link, say); the new value shows while saving. */
  children?: ReactNode;
}

interface SelectOption {
  key: string;
  value: string;
}

function selectOptions(options: string | undefined): SelectOption[] {
  try {
    const parsed: unknown = JSON.parse(options ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((o: unknown) =>
      typeof o === 'object' && o !== null && 'key' in o && 'value' in o ? [{ key: String(o.key), value: String(o.value) }] : [],
    );
  } catch {
    return [];
  }
}

const FIELDS = ['displayvalue', 'component', 'itemtype', 'itemid', 'value', 'edithint', 'editlabel', 'type', 'options', 'linkeverything', 'editable'] as const;

function sameElement(a: InplaceElementData, b: InplaceElementData): boolean {
  return FIELDS.every((field) => a[field] === b[field]);
}

function isEditable(element: InplaceElementData): boolean {
  return element.editable !== false && Boolean(element.component && element.itemtype && element.itemid !== undefined && element.type);
}

/**
 * Moodle's in-place editable: text (the pencil button, by click, Enter or Space, opens a box; Enter
 * saves, Escape or leaving the box cancels), select (saves on change; Escape or leaving cancels) and
 * toggle (saves at once). While saving, the button shows a spinner and says so; on failure the old
 * value comes back and the exception dialogue shows unless `onUpdateFailed` handles it.
 */
export function InPlaceEditable<E extends InplaceElementData>({ element: given, onUpdated, onUpdateFailed, children }: InPlaceEditableProps<E>) {
  const [element, setElement] = useState(given);
  const [seen, setSeen] = useState(given);
  // A different element from the page (a refetch, strings arriving) replaces what this widget last saved.
  if (given !== seen && !sameElement(given, seen)) {
    setSeen(given);
    setElement(given);
  }
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState<string | null>(null);
  const control = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  const display = saving !== null && element.type === 'text' ? <span className="inplace-display">{saving}</span> : (children ?? <span className="inplace-display" dangerouslySetInnerHTML={{ __html: element.displayvalue }} />);
  if (!isEditable(element)) return <span className="inplace">{display}</span>;

  const oldvalue = element.value ?? '';
  const refocus = () => requestAnimationFrame(() => control.current?.focus());

  const save = async (value: string) => {
    setSaving(value);
    try {
      const answer = await call(coreUpdateInplaceEditable, {
        component: element.component ?? '',
        itemtype: element.itemtype ?? '',
        itemid: Number(element.itemid),
        value,
        // What this editor started from: a save over someone else's change is refused, not lost.
        oldvalue,
      });
      const fresh = { ...element, ...answer, editable: answer.component !== undefined } as E;
      setElement(fresh);
      onUpdated?.(fresh, oldvalue);
    } catch (error) {
      if (!onUpdateFailed?.(error, value)) void showException(error);
    } finally {
      setSaving(null);
      refocus();
    }
  };

  const start = () => {
    closed.current = false;
    setDraft(oldvalue);
    setEditing(true);
  };
  const finish = (commit: boolean, value = draft) => {
    if (closed.current) return;
    closed.current = true;
    setEditing(false);
    if (commit && value !== oldvalue) void save(value);
    else refocus();
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      finish(false);
    }
  };
  const label = element.editlabel || element.edithint || '';
  const hint = element.edithint || element.editlabel || '';

  if (element.type === 'toggle') {
    return (
      <span className="inplace">
        <PendingButton ref={control} className="inplace-toggle" isPending={saving !== null} onPress={() => void save(element.options ?? '')}>
          {display}
          {/* Named by what it shows, then what pressing it does: speech input users say what they see. */}
          {hint && <span className="visually-hidden"> — {hint}</span>}
        </PendingButton>
      </span>
    );
  }

  if (editing && element.type === 'select') {
    const options = selectOptions(element.options);
    return (
      <select
        className="inplace-input"
        aria-label={label}
        value={draft}
        autoFocus
        onChange={(e) => finish(true, e.target.value)}
        onKeyDown={keys}
        onBlur={() => finish(false)}
      >
        {options.map((o) => (
          <option key={o.key} value={o.key}>
            {o.value}
          </option>
        ))}
      </select>
    );
  }

  if (editing) {
    return (
      <input
        type="text"
        className="inplace-input"
        aria-label={label}
        value={draft}
        maxLength={255}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else keys(e);
        }}
        onBlur={() => finish(false)}
      />
    );
  }

  return (
    <span className="inplace" aria-busy={saving !== null}>
      {display}
      <PendingButton ref={control} className="btn-icon" aria-label={hint} isPending={saving !== null} onPress={start} icon={<span aria-hidden="true">✎</span>} />
    </span>
  );
}
