import { modPageGetPagesByCourses, modPageViewPage } from '../../../api/page';
import { Loading } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { ItemTags } from '../tag/TagList';
import { ModuleView, type ModuleInfo } from './ModuleView';

/** `/mod/page/view.php?id=<cmid>`: the page's content. */
export function PageView() {
  return (
    <ModuleView modname="page" view={(cm) => ({ contract: modPageViewPage, args: { pageid: cm.instance } })}>
      {(cm) => <PageContent cm={cm} />}
    </ModuleView>
  );
}

function PageContent({ cm }: { cm: ModuleInfo }) {
  const pages = useWsQuery(modPageGetPagesByCourses, { courseids: [cm.courseid] }, { meta: { quiet: true } });
  if (pages.error) return (
    <div className="alert alert-error" role="alert">
      {pages.error.message}
    </div>
  );
  if (pages.isPending) return <Loading />;
  const page = pages.data.pages.find((p) => p.coursemodule === cm.id);
  if (!page) return null;
  return (
    <>
      {page.intro && <div className="rich-text module-intro" dangerouslySetInnerHTML={{ __html: page.intro }} />}
      {/* Cleaned by the server (formatText) before it is sent. */}
      <article className="card rich-text page-content" dangerouslySetInnerHTML={{ __html: page.content }} />
      <ItemTags itemtype="course_modules" itemid={cm.id} />
    </>
  );
}
