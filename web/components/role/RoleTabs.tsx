import { Link, useLocation } from 'react-router';
import { useRoleStrings } from './strings';

/** The three role administration screens as tabs: the roles, and the two allow matrices. */
export function RoleTabs() {
  const s = useRoleStrings();
  const tabs = [
    { to: '/admin/roles/manage.php', label: s('manageroles') },
    { to: '/admin/roles/allow.php?mode=assign', label: s('allowassign') },
    { to: '/admin/roles/allow.php?mode=override', label: s('allowoverride') },
  ];
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <nav className="role-tabs" aria-label={s('defineroles')}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="role-tab" aria-current={here === tab.to ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
