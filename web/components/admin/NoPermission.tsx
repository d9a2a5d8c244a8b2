import { ErrorPage } from '../../app/ErrorPage';
import { useStrings } from '../../platform/useStrings';

/** Shown when the app reaches an admin page a non-admin cannot use (the server refuses its data too). */
export function NoPermission() {
  const s = useStrings('moodle', ['nopermission']);
  return <ErrorPage message={s('nopermission')} />;
}
