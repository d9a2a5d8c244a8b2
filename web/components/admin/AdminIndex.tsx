import { Link } from 'react-router';
import { Page } from '../../app/Page';
import { config } from '../../platform/config';
import { useStrings } from '../../platform/useStrings';
import { NoPermission } from './NoPermission';
import { ADMIN_STRING_IDS, ADMIN_TREE } from './tools';

/** Site administration: every admin tool, by category. */
export function AdminIndex() {
  const s = useStrings('moodle', ['administrationsite', 'siteadminhint', ...ADMIN_STRING_IDS]);
  if (!config().user?.isadmin) return <NoPermission />;
  return (
    <Page title={s('administrationsite')}>
      <p className="muted">{s('siteadminhint')}</p>
      <div className="admin-categories">
        {ADMIN_TREE.map((category) => (
          <section key={category.name} className="card" aria-labelledby={`admincat-${category.name}`}>
            <h2 id={`admincat-${category.name}`}>{s(category.name)}</h2>
            <ul className="admin-tools">
              {category.tools.map((tool) => (
                <li key={tool.href}>
                  <Link to={tool.href}>{s(tool.name)}</Link>
                  <span className="muted">{s(tool.description)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
