import { Link } from 'react-router';
import { useStrings } from '../platform/useStrings';
import { Page } from './Page';

export function NotFound() {
  const s = useStrings('moodle', ['notfound', 'notfounddescription', 'backtodashboard']);
  return (
    <Page title={s('notfound')}>
      <div className="empty-state">
        <p>{s('notfounddescription')}</p>
        <Link className="btn btn-primary" to="/my/">
          {s('backtodashboard')}
        </Link>
      </div>
    </Page>
  );
}
