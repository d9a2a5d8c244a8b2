import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { config } from '../platform/config';
import { useStrings } from '../platform/useStrings';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

interface PageProps {
  title: string;
  /** The trail above the title, without the current page (added from the title). */
  breadcrumb?: Crumb[];
  /** Primary actions, shown at the top right of the content. */
  actions?: ReactNode;
  children: ReactNode;
  /** The dashboard itself: no trail before the title. */
  isHome?: boolean;
}

/** Every page: a breadcrumb, an h1 title, actions, and the document title. */
export function Page({ title, breadcrumb = [], actions, children, isHome = false }: PageProps) {
  const s = useStrings('moodle', ['breadcrumb', 'dashboard']);
  useEffect(() => {
    document.title = title ? `${title} | ${config().sitename}` : config().sitename;
  }, [title]);
  const trail: Crumb[] = isHome ? [] : [{ label: s('dashboard'), to: '/my/' }, ...breadcrumb];
  return (
    <div className="page">
      {!isHome && (
        <nav aria-label={s('breadcrumb')} className="breadcrumb">
          <ol>
            {trail.map((crumb, index) => (
              <li key={index}>{crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label}</li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      )}
      <div className="page-header">
        <h1>{title}</h1>
        {actions && <div className="page-actions">{actions}</div>}
      </div>
      <div className="page-content">{children}</div>
    </div>
  );
}

/** A busy indicator for content that is loading. */
export function Loading() {
  const s = useStrings('moodle', ['loading']);
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {s('loading')}
    </div>
  );
}
