interface SelectorFieldProps {
  id: string;
  label: string;
  value: number;
  options: Array<{ value: number; label: string }>;
  /** Stands in for the options when there are none, so the select still says why it is empty. */
  emptyLabel?: string;
  onChange: (value: number) => void;
}

/** A labelled select in a page's selector bar; choosing reloads the page with the choice. */
export function SelectorField({ id, label, value, options, emptyLabel, onChange }: SelectorFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {options.length === 0 && emptyLabel && <option value={0}>{emptyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
