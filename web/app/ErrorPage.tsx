import { Link } from 'react-router';
import { useStrings } from '../platform/useStrings';
import { Page } from './Page';

/** A page that could not be shown: why, and the way back. */
export function ErrorPage({ message }: { message: string }) {
  const s = useStrings('moodle', ['error', 'backtodashboard']);
  return (
    <Page title={s('error')}>
      <div className="alert alert-error" role="alert">
        <div className="alert-message">{message}</div>
      </div>
      <p>
        <Link to="/my/">{s('backtodashboard')}</Link>
      </p>
    </Page>
  );
}
