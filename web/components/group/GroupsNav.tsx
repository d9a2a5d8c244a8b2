import { Link } from 'react-router';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

/** Switches between a course's groups and its groupings. */
export function GroupsNav({ courseid, current }: { courseid: number; current: 'groups' | 'groupings' }) {
  const s = useStrings('core_group', ['groups', 'groupings', 'groupsnav']);
  const tabs = [
    { key: 'groups', label: s('groups'), to: relativeUrl('/group/index.php', { id: courseid }) },
    { key: 'groupings', label: s('groupings'), to: relativeUrl('/group/groupings.php', { id: courseid }) },
  ] as const;
  return (
    <nav className="groups-nav" aria-label={s('groupsnav')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.to} aria-current={tab.key === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
