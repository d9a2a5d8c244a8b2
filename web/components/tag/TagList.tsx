import { Link } from 'react-router';
import { coreTagGetItemTags } from '../../../api/tag';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { TaggableItemtype } from './TagsField';
import './tag.css';

interface ListedTag {
  id: number;
  rawname: string;
  tagcollid: number;
  isstandard: boolean;
}

/** Tags as links to their tag index page; nothing at all when there are none. */
export function TagList({ tags, label }: { tags: readonly ListedTag[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((t) => (
        <li key={t.id}>
          <Link className={`tag-pill${t.isstandard ? ' is-standard' : ''}`} to={relativeUrl('/tag/index.php', { tag: t.rawname, tc: t.tagcollid })}>
            {t.rawname}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The tags of a course, an activity or a user's interests under a small heading, as the item's page
 * shows them. Nothing is shown while loading, when the area is disabled or when there are no tags.
 */
export function ItemTags({ itemtype, itemid, label }: { itemtype: TaggableItemtype; itemid: number; label?: string }) {
  const s = useStrings('core_tag', ['tags']);
  const tags = useWsQuery(coreTagGetItemTags, { component: 'core', itemtype, itemid }, { meta: { quiet: true }, retry: false });
  const list = tags.data?.enabled ? tags.data.tags : [];
  if (list.length === 0) return null;
  const heading = label ?? s('tags');
  return (
    <div className="item-tags">
      <span className="item-tags-label" aria-hidden="true">
        {heading}
      </span>
      <TagList tags={list} label={heading} />
    </div>
  );
}
