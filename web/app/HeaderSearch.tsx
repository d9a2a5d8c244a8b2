import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { relativeUrl } from '../platform/url';
import { useStrings } from '../platform/useStrings';
import './headersearch.css';

/** Below this width the search box collapses to an icon button (Moodle's 767 px breakpoint). */
export const NARROW_QUERY = '(max-width: 766.98px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const change = () => setNarrow(query.matches);
    change();
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return narrow;
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 21 21" />
    </svg>
  );
}

/**
 * The site search in the top bar: searches courses by name and shows the results page. On narrow
 * screens it is an icon button that expands the field; Escape (or the close button) collapses it.
 */
export function HeaderSearch() {
  const s = useStrings('moodle', ['searchcourses', 'search', 'togglesearch', 'closesearch']);
  const navigate = useNavigate();
  const narrow = useNarrow();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();

  function collapse() {
    setExpanded(false);
    requestAnimationFrame(() => toggle.current?.focus());
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    void navigate(relativeUrl('/course/search.php', { search: text.trim() }));
    if (narrow) setExpanded(false);
  }

  if (narrow && !expanded) {
    return (
      <Button
        ref={toggle}
        className="navbar-search-toggle"
        aria-label={s('togglesearch')}
        aria-expanded={false}
        aria-controls={formId}
        onPress={() => {
          setExpanded(true);
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <SearchIcon />
      </Button>
    );
  }

  return (
    <form id={formId} role="search" className={`navbar-search${narrow ? ' is-expanded' : ''}`} action="/course/search.php" onSubmit={submit}>
      <input
        ref={input}
        type="search"
        name="search"
        aria-label={s('searchcourses')}
        placeholder={s('searchcourses')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (narrow && e.key === 'Escape') {
            e.preventDefault();
            collapse();
          }
        }}
      />
      <button type="submit" className="btn btn-secondary">
        {s('search')}
      </button>
      {narrow && (
        <Button className="navbar-search-toggle" aria-label={s('closesearch')} onPress={collapse}>
          <span aria-hidden="true">✕</span>
        </Button>
      )}
    </form>
  );
}
