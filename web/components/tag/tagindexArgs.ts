import type { coreTagGetTagindex } from '../../../api/tag';
import type { ArgsOf } from '../../../api/contract';

export type TagIndexArgs = ArgsOf<typeof coreTagGetTagindex>['tagindex'];

/**
 * A tag index link's query string as core_tag_get_tagindex's `tagindex` argument: every key of the
 * link, values kept as the strings they are (the server cleans them). Null when the link does not
 * name a tag, collection and area.
 */
export function tagindexFromUrl(url: string, origin: string): TagIndexArgs | null {
  const query = new URL(url, origin).searchParams;
  const tag = query.get('tag');
  const tc = query.get('tc');
  const ta = query.get('ta');
  if (tag === null || tc === null || ta === null) return null;
  const args: Record<string, string> = {};
  for (const [key, value] of query) args[key] = value;
  return { ...args, tag, tc, ta };
}
