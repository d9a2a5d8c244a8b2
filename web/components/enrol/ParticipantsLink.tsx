import { Link } from 'react-router';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

/** The link to a course's participants page, for the course page's actions. */
export function ParticipantsLink({ courseid, className = 'btn btn-secondary' }: { courseid: number; className?: string }) {
  const s = useStrings('core_enrol', ['participants']);
  return (
    <Link className={className} to={relativeUrl('/user/index.php', { id: courseid })}>
      {s('participants')}
    </Link>
  );
}
