import { useRef, type KeyboardEvent } from 'react';

interface EditableTextProps {
  value: string;
  label: string;
  multiline?: boolean;
  className?: string;
  /** Called on blur with the new text, only when it changed since the field got focus. */
  onSave: (value: string) => void;
  disabled?: boolean;
}

/** Text edited where it is shown: saved when the field loses focus after a change; Enter leaves the field (and so saves). */
export function EditableText({ value, label, multiline = false, className = '', onSave, disabled = false }: EditableTextProps) {
  const atFocus = useRef(value);
  const common = {
    'aria-label': label,
    className: `lti-editable ${className}`,
    defaultValue: value,
    disabled,
    onFocus: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      atFocus.current = e.currentTarget.value;
    },
    onBlur: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      const next = e.currentTarget.value;
      if (next !== atFocus.current) onSave(next);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        e.currentTarget.blur();
      }
    },
  };
  return multiline ? <textarea key={value} rows={3} {...common} /> : <input key={value} type="text" {...common} />;
}
