import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { coreTagFlagTag, coreTagGetTag, coreTagGetTagindex } from '../../../api/tag';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { call } from '../../platform/ajax';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { TagIndexArea } from './TagIndexArea';
import type { TagIndexArgs } from './tagindexArgs';
import { TAG_INDEX_STRINGS } from './tagStrings';
import './tag.css';

/** Optional keys of a tag index address that carry over to every area's first load. */
const CARRIED = ['excl', 'from', 'ctx', 'rec', 'page'] as const;

/** /tag/index.php?tag=…&tc=…: what is tagged with a tag, one section per tag area. */
export function TagIndex() {
  const s = useStrings('core_tag', TAG_INDEX_STRINGS);
  const [params] = useSearchParams();
  const name = params.get('tag') ?? '';
  const tc = Number(params.get('tc')) || 0;
  const onlyArea = Number(params.get('ta')) || 0;
  const found = useWsQuery(coreTagGetTag, { tag: name, tc }, { meta: { quiet: true }, retry: false });
  const flag = useWsMutation(coreTagFlagTag, [coreTagGetTag]);
  const data = found.data;
  const carried: Record<string, string> = {};
  for (const key of CARRIED) {
    const value = params.get(key);
    if (value !== null) carried[key] = value;
  }
  const areas = (data?.areas ?? []).filter((a) => !onlyArea || a.ta === onlyArea);
  const firstLoads: TagIndexArgs[] = data ? areas.map((a) => ({ ...carried, tag: data.tag.name, tc: data.collection.id, ta: a.ta })) : [];
  const pages = useQueries({
    queries: firstLoads.map((tagindex) => ({ queryKey: [coreTagGetTagindex.name, { tagindex }], queryFn: () => call(coreTagGetTagindex, { tagindex }) })),
  });

  if (found.error) return <ErrorPage message={found.error.message} />;
  if (!data) return <Loading />;
  const title = s('tagindextitle', data.tag.rawname);
  const loaded = pages.every((p) => p.data);
  const empty = loaded && pages.every((p) => !p.data?.hascontent);
  return (
    <Page
      title={title}
      breadcrumb={[{ label: s('tags') }, { label: data.collection.displayname }]}
      actions={
        <>
          {data.canflag && data.tag.flag === 0 && (
            <PendingButton
              className="btn btn-secondary"
              isPending={flag.isPending}
              onPress={() => flag.mutate({ tagid: data.tag.id }, { onSuccess: () => void addNotification({ message: s('tagflaggedthanks'), type: 'success' }) })}
            >
              {s('flagasinappropriate')}
            </PendingButton>
          )}
          {data.canmanage && (
            <Link className="btn btn-secondary" to={relativeUrl('/tag/manage.php', { tc: data.collection.id, filter: data.tag.rawname })}>
              {s('managethistag')}
            </Link>
          )}
        </>
      }
    >
      <div className="tag-index-summary">
        {data.tag.isstandard && <span className="badge">{s('standardtag')}</span>}
        {data.canmanage && data.tag.flag > 0 && <span className="badge tag-flag-badge">{s('flagged')}</span>}
        <span className="muted">{s('tagcollectionof', data.collection.displayname)}</span>
      </div>
      {data.tag.description && <p className="tag-description">{htmlToText(data.tag.description)}</p>}
      {!loaded ? (
        <Loading />
      ) : empty ? (
        <div className="card empty-state">
          <p>{s('noitemstagged', data.tag.rawname)}</p>
        </div>
      ) : (
        firstLoads.map((initial) => <TagIndexArea key={`${initial.tag}-${String(initial.ta)}`} initial={initial} />)
      )}
    </Page>
  );
}
