import { SEARCH_MAX_ITEMS, themeEssentialCourseItemSearch, type CourseItem } from '../../../api/theme';
import { formatString } from '../../platform/sanitize';
import { defineMethod } from '../../ws/method';
import { hiddenModulesSeen, requireCourseAccess } from '../course/access';
import { courseSections } from '../course/service';

/** Names are compared without case or accents, so "cafe" finds "Café". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Tag-free names arrive with entities (&amp;); suggestions are plain text. */
function plain(text: string): string {
  return formatString(text).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity);
}

/**
 * The course item search behind the search box on a course page: the sections and activities of the
 * course that the caller can see, matched by name. Sections link to their anchor on the course page
 * (the anchor the course page gives each section heading).
 */
export const courseItemSearch = defineMethod(themeEssentialCourseItemSearch, async (ctx, { courseid, term }) => {
  const { context } = await requireCourseAccess(ctx, courseid);
  const seeHiddenSections = await ctx.access.hasCapability('moodle/course:viewhiddensections', context);
  const sections = (await courseSections(ctx.db, courseid, ctx.platform.components)).filter((s) => s.visible || seeHiddenSections);
  const seenHidden = await hiddenModulesSeen(ctx, sections.flatMap((s) => s.modules.filter((m) => !m.visible).map((m) => m.id)));
  const wwwroot = ctx.platform.config.wwwroot;
  const needle = fold(term);
  const items: CourseItem[] = [];
  for (const section of sections) {
    const name = plain(section.name) || ctx.platform.strings.get(section.section === 0 ? 'general' : 'topic', 'moodle', section.section, ctx.lang);
    if (fold(name).includes(needle)) items.push({ id: `${wwwroot}/course/view.php?id=${courseid}#section-${section.id}`, name, type: 'section', modname: '' });
    for (const cm of section.modules) {
      if (!cm.visible && !seenHidden.has(cm.id)) continue;
      const cmName = plain(cm.name);
      if (fold(cmName).includes(needle)) items.push({ id: `${wwwroot}/mod/${cm.modname}/view.php?id=${cm.id}`, name: cmName, type: 'activity', modname: cm.modname });
    }
    if (items.length >= SEARCH_MAX_ITEMS) break;
  }
  return { items: items.slice(0, SEARCH_MAX_ITEMS) };
});
