import { Link } from 'react-router';
import { toolLpDataForPlansPage } from '../../../api/plans';
import type { ActionsMenuItem } from '../../platform/ActionsMenu';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import './plans.css';

/** The course page's "⋮" entry for the course's competencies (every course member may view them). */
export function useCourseCompetencyMenuItems(courseid: number): ActionsMenuItem[] {
  const s = useStrings('core_competency', ['coursecompetencies']);
  return [{ id: 'competencies', label: s('coursecompetencies'), href: relativeUrl('/admin/tool/lp/coursecompetencies.php', { courseid }) }];
}

/** On a profile: the user's learning plans and evidence of prior learning, when the viewer may see them. */
export function LearningPlanLinks({ userid }: { userid: number }) {
  const s = useStrings('core_competency', ['competencies', 'learningplans', 'userevidence', 'plancount']);
  // A refusal simply means the viewer may not see this user's plans: nothing is shown.
  const page = useWsQuery(toolLpDataForPlansPage, { userid }, { meta: { quiet: true }, retry: false });
  if (!page.data) return null;
  return (
    <section className="card profile-links" aria-labelledby="profile-competencies-heading">
      <h2 id="profile-competencies-heading">{s('competencies')}</h2>
      <ul className="plain-list">
        <li className="plain-list-item">
          <Link to={relativeUrl('/admin/tool/lp/plans.php', { userid })}>{s('learningplans')}</Link>
          <span className="muted small">{s('plancount', page.data.plans.length)}</span>
        </li>
        {page.data.canreaduserevidence && (
          <li className="plain-list-item">
            <Link to={relativeUrl('/admin/tool/lp/user_evidence_list.php', { userid })}>{s('userevidence')}</Link>
          </li>
        )}
      </ul>
    </section>
  );
}
