import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { coreTagGetTagindex } from '../../../api/tag';
import { Loading } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { tagindexFromUrl, type TagIndexArgs } from './tagindexArgs';
import { TAG_INDEX_STRINGS } from './tagStrings';

/** A click that should stay in this tab (no modifier keys, main button). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The items of one tag area tagged with the tag, one page at a time. Its previous, next and
 * "only these" links re-load just this area through core_tag_get_tagindex, without leaving the page.
 */
export function TagIndexArea({ initial }: { initial: TagIndexArgs }) {
  const s = useStrings('core_tag', TAG_INDEX_STRINGS);
  const navigate = useNavigate();
  const [args, setArgs] = useState(initial);
  const index = useWsQuery(coreTagGetTagindex, { tagindex: args }, { placeholderData: (previous) => previous });
  const data = index.data;
  if (!data) return <Loading />;
  if (!data.hascontent) return null;

  const quickLoad = (url: string) => (event: MouseEvent) => {
    const next = tagindexFromUrl(url, window.location.origin);
    if (!next || !plainClick(event)) return;
    event.preventDefault();
    setArgs(next);
  };
  // Links inside the rendered items go through the router, so the app is not reloaded.
  const followLink = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || !plainClick(event) || link.target || link.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  const titleId = `tagarea-${data.anchor ?? data.ta}`;
  return (
    <section className="card tag-index-area" id={data.anchor} aria-labelledby={titleId} aria-busy={index.isFetching}>
      <h2 id={titleId}>{data.title}</h2>
      <div className="tag-index-content" onClick={followLink} dangerouslySetInnerHTML={{ __html: data.content }} />
      {(data.prevpageurl || data.nextpageurl || data.exclusiveurl) && (
        <nav className="tag-index-nav" aria-label={data.title}>
          {data.prevpageurl && (
            <a className="btn btn-secondary" href={data.prevpageurl} onClick={quickLoad(data.prevpageurl)} data-quickload="1">
              {s('prevpage')}
            </a>
          )}
          {data.nextpageurl && (
            <a className="btn btn-secondary" href={data.nextpageurl} onClick={quickLoad(data.nextpageurl)} data-quickload="1">
              {s('nextpage')}
            </a>
          )}
          {data.exclusiveurl && (
            <a className="btn btn-link" href={data.exclusiveurl} onClick={quickLoad(data.exclusiveurl)} data-quickload="1">
              {data.exclusivetext ?? s('showall')}
            </a>
          )}
          {index.isFetching && <span className="spinner" aria-hidden="true" />}
        </nav>
      )}
    </section>
  );
}
