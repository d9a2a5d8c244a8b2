import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { coreTagGetItemTags, coreTagSearchTags, coreTagSetItemTags } from '../../../api/tag';
import { call } from '../../platform/ajax';
import { Autocomplete, type AutocompleteOption } from '../../platform/Autocomplete';
import { useWsQuery } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import './tag.css';

export type TaggableItemtype = 'course' | 'course_modules' | 'user';

/** What a tagging form needs to know about an item's area before it shows the field. */
export interface TaggableArea {
  itemtype: TaggableItemtype;
  /** false: the area is disabled; the form leaves the field out and saves no tags. */
  enabled: boolean;
  /** May the user type tags that do not exist yet? */
  cancreate: boolean;
  /** The item's tags as loaded (none for a new item). */
  tags: string[];
}

/** Longest tag name the server takes (server/components/tag/service.ts). */
const MAX_TAG_LENGTH = 100;

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Loads the tag area of an item: an existing item's tags (core_tag_get_item_tags), or for a new one
 * only whether the area is enabled and new tags may be created (core_tag_search_tags). When the read
 * fails the area counts as disabled, so the form still works without tags.
 */
export function useTaggableArea(itemtype: TaggableItemtype, itemid: number | undefined): { isPending: boolean; area: TaggableArea } {
  const existing = Boolean(itemid && itemid > 0);
  const item = useWsQuery(coreTagGetItemTags, { component: 'core', itemtype, itemid: itemid ?? 0 }, { enabled: existing, meta: { quiet: true }, retry: false });
  const fresh = useWsQuery(coreTagSearchTags, { component: 'core', itemtype, query: '', limit: 1 }, { enabled: !existing, meta: { quiet: true }, retry: false });
  const isPending = existing ? item.isPending : fresh.isPending;
  if (existing) {
    const data = item.data;
    return { isPending, area: { itemtype, enabled: Boolean(data?.enabled && data.canedit), cancreate: data?.cancreate ?? false, tags: (data?.tags ?? []).map((t) => t.rawname) } };
  }
  return { isPending, area: { itemtype, enabled: fresh.data?.enabled ?? false, cancreate: fresh.data?.cancreate ?? false, tags: [] } };
}

/** The tags of a form differ from the loaded ones (order counts: it is stored). */
export function tagsChanged(area: TaggableArea, tags: readonly string[]): boolean {
  return area.enabled && JSON.stringify(area.tags) !== JSON.stringify(tags);
}

interface TagsFieldProps {
  area: TaggableArea;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The field's label: "Tags" unless given (the profile says "Interests"). */
  label?: string;
}

/**
 * The tags of an item in a settings form: the autocomplete in tags mode, suggesting the area's tags
 * (standard ones first) as the user types. Without permission to create tags, a typed name that is
 * not an existing tag is refused with a message. Nothing is shown when the area is disabled.
 */
export function TagsField({ area, value, onChange, label }: TagsFieldProps) {
  const s = useStrings('core_tag', ['tags', 'tagsfieldhelp', 'tagsfieldhelpexisting', 'tagscannotcreate', 'tagnametoolong']);
  const [error, setError] = useState('');
  // Every tag name the server has shown this field: choosing one of them never needs a check.
  const known = useRef(new Set(area.tags.map((t) => t.toLocaleLowerCase())));
  const { itemtype } = area;

  const source = useCallback(
    async (query: string): Promise<AutocompleteOption[]> => {
      const found = await call(coreTagSearchTags, { component: 'core', itemtype, query, limit: 20 });
      for (const t of found.tags) known.current.add(t.rawname.toLocaleLowerCase());
      return found.tags.map((t) => ({ value: t.rawname, label: t.rawname }));
    },
    [itemtype],
  );

  /** Without cancreate, a name not seen yet may still be an existing tag: the server is asked once. */
  async function existingName(name: string): Promise<string | undefined> {
    if (known.current.has(name.toLocaleLowerCase())) return name;
    const found = await call(coreTagSearchTags, { component: 'core', itemtype, query: name, limit: 100 }).catch(() => undefined);
    const match = found?.tags.find((t) => sameName(t.rawname, name));
    if (match) known.current.add(match.rawname.toLocaleLowerCase());
    return match?.rawname;
  }

  function change(options: AutocompleteOption[]) {
    const names = options.map((o) => o.label.trim()).filter(Boolean);
    const tooLong = names.find((n) => [...n].length > MAX_TAG_LENGTH);
    const kept = names.filter((n) => [...n].length <= MAX_TAG_LENGTH && (area.cancreate || known.current.has(n.toLocaleLowerCase())));
    const unknown = area.cancreate ? [] : names.filter((n) => [...n].length <= MAX_TAG_LENGTH && !known.current.has(n.toLocaleLowerCase()));
    setError(tooLong ? s('tagnametoolong', MAX_TAG_LENGTH) : '');
    onChange(kept);
    if (unknown.length === 0) return;
    // Names typed faster than the suggestions came: keep those that exist, refuse the others.
    void Promise.all(unknown.map(existingName)).then((checked) => {
      const accepted = checked.filter((n): n is string => n !== undefined);
      const refused = unknown.filter((_, i) => checked[i] === undefined);
      if (accepted.length) onChange([...kept, ...accepted.filter((a) => !kept.some((k) => sameName(k, a)))]);
      if (refused.length) setError(s('tagscannotcreate', refused.join(', ')));
    });
  }

  if (!area.enabled) return null;
  return (
    <div className="field tags-field">
      <Autocomplete
        label={label ?? s('tags')}
        value={value.map((t) => ({ value: t, label: t }))}
        onChange={change}
        multiple
        tags
        source={source}
        description={area.cancreate ? s('tagsfieldhelp') : s('tagsfieldhelpexisting')}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Saves an item's tags after the form that edits it saved the item (a new item has its id only
 * then). Nothing is sent when the area is disabled or the tags did not change; afterwards every read
 * of item tags is refreshed.
 */
export function useSaveItemTags(): (area: TaggableArea, itemid: number, tags: readonly string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (area, itemid, tags) => {
      if (!tagsChanged(area, tags)) return;
      await call(coreTagSetItemTags, { component: 'core', itemtype: area.itemtype, itemid, tags: [...tags] });
      await client.invalidateQueries({ queryKey: [coreTagGetItemTags.name] });
    },
    [client],
  );
}
