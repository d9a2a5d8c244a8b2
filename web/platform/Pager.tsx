import { Button } from 'react-aria-components';
import { useStrings } from './useStrings';

interface PagerProps {
  /** Zero-based. */
  page: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Previous / next paging with "Page 2 of 5"; hidden when everything fits on one page. */
export function Pager({ page, pages, onChange }: PagerProps) {
  const s = useStrings('moodle', ['previous', 'next', 'pageof']);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={s('pageof', { page: page + 1, pages })}>
      <Button className="btn btn-secondary" isDisabled={page === 0} onPress={() => onChange(page - 1)}>
        {s('previous')}
      </Button>
      <span className="pager-status">{s('pageof', { page: page + 1, pages })}</span>
      <Button className="btn btn-secondary" isDisabled={page >= pages - 1} onPress={() => onChange(page + 1)}>
        {s('next')}
      </Button>
    </nav>
  );
}

interface PageSizeSelectProps<N extends number> {
  id: string;
  label: string;
  value: N;
  sizes: readonly N[];
  onChange: (size: N) => void;
  className?: string;
}

/** "Per page" choice beside a pager: a labelled select of the list's page sizes. */
export function PageSizeSelect<N extends number>({ id, label, value, sizes, onChange, className }: PageSizeSelectProps<N>) {
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const size = sizes.find((n) => n === Number(e.target.value));
          if (size !== undefined) onChange(size);
        }}
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
