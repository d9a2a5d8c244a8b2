import { modUrlGetUrlsByCourses, modUrlViewUrl } from '../../../api/url';
import { Loading } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { ItemTags } from '../tag/TagList';
import { ModuleView, type ModuleInfo } from './ModuleView';

/** `/mod/url/view.php?id=<cmid>`: the resource's description and its link. */
export function UrlView() {
  return (
    <ModuleView modname="url" view={(cm) => ({ contract: modUrlViewUrl, args: { urlid: cm.instance } })}>
      {(cm) => <UrlContent cm={cm} />}
    </ModuleView>
  );
}

function UrlContent({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_url', ['clicktoopen']);
  const urls = useWsQuery(modUrlGetUrlsByCourses, { courseids: [cm.courseid] }, { meta: { quiet: true } });
  if (urls.error) return (
    <div className="alert alert-error" role="alert">
      {urls.error.message}
    </div>
  );
  if (urls.isPending) return <Loading />;
  const url = urls.data.urls.find((u) => u.coursemodule === cm.id);
  if (!url) return null;
  return (
    <>
      <section className="card">
        {url.intro && <div className="rich-text module-intro" dangerouslySetInnerHTML={{ __html: url.intro }} />}
        <p>{s('clicktoopen')}</p>
        <p>
          {/* Only http(s) addresses are stored (checked by the server). */}
          <a href={url.externalurl} rel="noopener noreferrer" target="_blank" className="url-link">
            {url.externalurl}
          </a>
        </p>
      </section>
      <ItemTags itemtype="course_modules" itemid={cm.id} />
    </>
  );
}
