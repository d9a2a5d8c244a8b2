import type { CallContext } from '../../ws/method';
import { collectionDisplayName } from './collections';
import { COMPONENT, type TagCollRow, type TagRow } from './service';

/** Tag names are stored as typed; everything shown as HTML goes through this. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The tag index page of a tag: the collection's custom URL, or /tag/index.php with the search scope. */
export function tagUrl(
  coll: Pick<TagCollRow, 'id' | 'customurl'>,
  tag: Pick<TagRow, 'rawname'>,
  scope: { excl?: boolean; from?: number; ctx?: number; rec?: boolean } = {},
): string {
  const params = new URLSearchParams({ tc: String(coll.id), tag: tag.rawname });
  if (scope.excl) params.set('excl', '1');
  if (scope.from) params.set('from', String(scope.from));
  if (scope.ctx) params.set('ctx', String(scope.ctx));
  if (scope.rec === false) params.set('rec', '0');
  const base = coll.customurl || '/tag/index.php';
  return `${base}${base.includes('?') ? '&' : '?'}${params.toString()}`;
}

export function tagSummary(tag: TagRow, coll?: Pick<TagCollRow, 'id' | 'customurl'>) {
  return {
    id: tag.id,
    tagcollid: tag.tagcollid,
    name: tag.name,
    rawname: tag.rawname,
    displayname: escapeHtml(tag.rawname),
    isstandard: tag.isstandard === 1,
    flag: tag.flag,
    url: tagUrl(coll ?? { id: tag.tagcollid, customurl: '' }, tag),
  };
}

export function collectionName(ctx: CallContext, coll: Pick<TagCollRow, 'name' | 'isdefault'>): string {
  return collectionDisplayName(coll, ctx.platform.strings.get('defautltagcoll', COMPONENT, undefined, ctx.lang));
}

export function str(ctx: CallContext, id: string, a?: unknown): string {
  return ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
}
