import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { coreTagListTags } from '../../../api/tag';
import { formatDateTime } from '../../platform/intl';
import { useStrings } from '../../platform/useStrings';
import type { ListedTag, TagSort } from './ManageTags';
import { InPlaceEditable } from '../../platform/InPlaceEditable';
import { TAG_STRINGS } from './tagStrings';
import { SortHeader } from '../../platform/sorting';

interface TagTableProps {
  tags: ListedTag[];
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
  sort: TagSort;
  direction: 'asc' | 'desc';
  onSort: (sort: TagSort, direction: 'asc' | 'desc') => void;
  onDelete: (tag: ListedTag) => void;
  /** A failed rename; true when handled (no exception dialogue). */
  onRenameFailed: (tag: ListedTag, error: unknown, newname: string) => boolean;
}

/** One page of a collection's tags; a flagged tag's row is marked until its flag is cleared. */
export function TagTable({ tags, selected, onSelect, sort, direction, onSort, onDelete, onRenameFailed }: TagTableProps) {
  const s = useStrings('core_tag', TAG_STRINGS);
  const client = useQueryClient();
  // The flag as last saved in place, so the row's mark follows at once (the list refetches too).
  const [flags, setFlags] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [seenTags, setSeenTags] = useState(tags);
  if (seenTags !== tags) {
    setSeenTags(tags);
    setFlags(new Map());
  }
  const refresh = () => void client.invalidateQueries({ queryKey: [coreTagListTags.name] });
  const allChecked = tags.length > 0 && tags.every((t) => selected.has(t.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const sorting = { sort, direction, onSort };
  const header = (column: TagSort, label: string, className?: string) => (
    <SortHeader state={sorting} column={column} className={className}>
      {label}
    </SortHeader>
  );
  return (
    <table className="table tag-table">
      <thead>
        <tr>
          <th scope="col" className="select-cell">
            <input
              type="checkbox"
              aria-label={s('selectall')}
              checked={allChecked}
              onChange={() => onSelect(allChecked ? new Set() : new Set(tags.map((t) => t.id)))}
            />
          </th>
          {header('name', s('tagname'))}
          {header('flag', s('flagged'), 'narrow-cell')}
          {header('isstandard', s('standard'), 'narrow-cell')}
          {header('count', s('count'), 'number-cell')}
          {header('timemodified', s('timemodified'))}
          <th scope="col">
            <span className="visually-hidden">{s('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tags.map((tag) => {
          const flagged = flags.get(tag.id) ?? tag.flag > 0;
          return (
            <tr key={tag.id} aria-selected={selected.has(tag.id)} className={flagged ? 'tag-flagged' : undefined} data-flagged={flagged || undefined}>
              <td className="select-cell">
                <input type="checkbox" aria-label={s('selecttag', tag.rawname)} checked={selected.has(tag.id)} onChange={() => toggle(tag.id)} />
              </td>
              <td className="tag-name-cell">
                <InPlaceEditable element={tag.inplacename} onUpdated={refresh} onUpdateFailed={(error, value) => onRenameFailed(tag, error, value)}>
                  <Link to={tag.url}>{tag.rawname}</Link>
                </InPlaceEditable>
                {flagged && <span className="badge tag-flag-badge">{s('flaggedbadge')}</span>}
              </td>
              <td className="narrow-cell">
                <InPlaceEditable
                  element={tag.inplaceflag}
                  onUpdated={(element) => {
                    setFlags(new Map(flags).set(tag.id, Number(element.value) > 0));
                    refresh();
                  }}
                />
              </td>
              <td className="narrow-cell">
                <InPlaceEditable element={tag.inplaceisstandard} onUpdated={refresh} />
              </td>
              <td className="number-cell">{tag.count}</td>
              <td className="nowrap">{formatDateTime(tag.timemodified)}</td>
              <td className="row-actions">
                <Button className="btn btn-link danger" aria-label={s('deletetag') + ': ' + tag.rawname} onPress={() => onDelete(tag)}>
                  {s('deletetag')}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
