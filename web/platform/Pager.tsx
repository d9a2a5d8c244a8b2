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
