import { modLtiGetLtisByCourses } from '../../../api/lti';
import { Loading } from '../../app/Page';
import { config } from '../../platform/config';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { LTI_STRINGS } from '../lti/strings';
import { ItemTags } from '../tag/TagList';
import { ModuleView, type ModuleInfo } from './ModuleView';
import '../lti/lti.css';

/** `/mod/lti/view.php?id=<cmid>`: the activity's description and its tool, embedded or opened in a window. */
export function LtiView() {
  return <ModuleView modname="lti">{(cm) => <LtiContent cm={cm} />}</ModuleView>;
}

function LtiContent({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_lti', LTI_STRINGS);
  const ltis = useWsQuery(modLtiGetLtisByCourses, { courseids: [cm.courseid] }, { meta: { quiet: true } });
  if (ltis.error)
    return (
      <div className="alert alert-error" role="alert">
        {ltis.error.message}
      </div>
    );
  if (ltis.isPending) return <Loading />;
  const lti = ltis.data.ltis.find((l) => l.coursemodule === cm.id);
  if (!lti) return null;
  // The launch page signs the launch for the session user; the sesskey keeps other sites from starting one.
  const launchUrl = `/mod/lti/launch.php?id=${cm.id}&sesskey=${encodeURIComponent(config().sesskey)}`;
  const embedded = lti.launchcontainer === 2 || lti.launchcontainer === 3;
  return (
    <>
      <section className="card lti-view">
        {lti.intro && <div className="rich-text module-intro" dangerouslySetInnerHTML={{ __html: lti.intro }} />}
        {lti.toolname && <p className="lti-card-meta">{s('tooldetails', lti.toolname)}</p>}
        {embedded ? (
          <iframe className="lti-launch-frame" src={launchUrl} title={s('toolframe', lti.name)} allow="fullscreen; clipboard-write" />
        ) : (
          <p>
            <a className="btn btn-primary" href={launchUrl} {...(lti.launchcontainer === 4 ? { target: '_blank', rel: 'noopener' } : {})}>
              {s('launchtool', lti.name)}
            </a>
            {lti.launchcontainer === 4 && <span className="lti-card-meta lti-launch-note">{s('launchedinnewwindow')}</span>}
          </p>
        )}
      </section>
      <ItemTags itemtype="course_modules" itemid={cm.id} />
    </>
  );
}
