import { Outlet, useLocation } from 'react-router';
import { config } from '../platform/config';
import { ErrorPage } from './ErrorPage';

/**
 * When the server refused the page it served (no permission, no such course, …) it says why in
 * `M.cfg.pageerror`; that page shows the reason instead of its content. Moving elsewhere in the app
 * leaves the error behind; coming back to that history entry shows it again.
 */
export function PageErrorGate() {
  const location = useLocation();
  const error = config().pageerror;
  // The router names the history entry the document was loaded with "default".
  if (error && location.key === 'default') return <ErrorPage message={error.message} />;
  return <Outlet />;
}
