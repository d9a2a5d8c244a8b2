import { blockNavigationGetNavigation, blockSettingsGetSettings, BLOCK_NAVIGATION } from '../../../api/navigation';
import { useLocation } from 'react-router';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { rememberBranches, rememberedBranches } from './blockPreferences';
import { NavTree } from './NavTree';
import type { BlockPage } from './pageContext';
import { BLOCK_STRINGS } from './strings';

interface BlockTreeProps {
  blockname: string;
  instanceid: number;
  page: BlockPage;
}

/**
 * The tree of the navigation or the settings block for the page. In the settings tree the page's own
 * entry is plain text; in the navigation tree it stays a link.
 */
export function BlockTree({ blockname, instanceid, page }: BlockTreeProps) {
  const s = useStrings('block_navigation', BLOCK_STRINGS);
  const navigation = blockname === BLOCK_NAVIGATION;
  const location = useLocation();
  const args = { instanceid, ...page };
  // A page outside any course may be a site administration page: the settings tree then opens down to it.
  const outside = page.courseid === 0 && page.cmid === 0 && page.contextid === 0;
  const pageurl = outside ? location.pathname + location.search : '';
  // Each block asks for its own tree: a failure shows in the block, never as a dialogue over the page.
  const navQuery = useWsQuery(blockNavigationGetNavigation, args, { enabled: navigation, meta: { quiet: true } });
  const settingsQuery = useWsQuery(blockSettingsGetSettings, { ...args, pageurl }, { enabled: !navigation, meta: { quiet: true } });
  const query = navigation ? navQuery : settingsQuery;
  if (query.isPending) {
    return (
      <p className="nav-loading block-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {s('loadingbranch')}
      </p>
    );
  }
  if (query.isError) return <p className="block-error">{query.error.message}</p>;
  return (
    <NavTree
      // A new page starts from the tree the server drew for it.
      key={`${page.courseid}/${page.cmid}/${page.contextid}/${query.dataUpdatedAt}`}
      label={navigation ? s('navigationtree') : s('settingstree')}
      instanceid={instanceid}
      nodes={query.data.nodes}
      remembered={rememberedBranches(instanceid, query.data.expanded)}
      onRememberedChange={(list) => rememberBranches(instanceid, list)}
      current={navigation ? 'link' : 'text'}
    />
  );
}
