import type { Context } from '../../platform/access/types';
import type { CallContext } from '../../ws/method';
import { pageAdmits } from './guards';

/** A page of an activity type that its navigation branch and its settings list link to. */
interface ModuleLink {
  key: string;
  /** String id in block_navigation's pack. */
  string: string;
  href: (cmid: number) => string;
  /** Checked in the activity's context as well as the page's own guard (a page may serve several actions). */
  capability: string;
}

/**
 * The pages each activity type has besides its view page, for the people who may use them. An
 * activity of a type listed here is a branch in the navigation tree.
 */
const MODULE_LINKS: Readonly<Record<string, readonly ModuleLink[]>> = {
  assign: [{ key: 'grading', string: 'viewallsubmissions', href: (cmid) => `/mod/assign/view.php?id=${cmid}&action=grading`, capability: 'mod/assign:grade' }],
  quiz: [
    { key: 'results', string: 'quizresults', href: (cmid) => `/mod/quiz/report.php?id=${cmid}`, capability: 'mod/quiz:viewreports' },
    { key: 'editquiz', string: 'editquiz', href: (cmid) => `/mod/quiz/edit.php?cmid=${cmid}`, capability: 'mod/quiz:manage' },
  ],
  feedback: [
    { key: 'analysis', string: 'feedbackanalysis', href: (cmid) => `/mod/feedback/analysis.php?id=${cmid}`, capability: 'mod/feedback:viewreports' },
    { key: 'edititems', string: 'feedbackedititems', href: (cmid) => `/mod/feedback/edit.php?id=${cmid}`, capability: 'mod/feedback:edititems' },
  ],
};

/** Whether activities of this type have pages of their own to list under them. */
export function hasModuleLinks(modname: string): boolean {
  return (MODULE_LINKS[modname]?.length ?? 0) > 0;
}

/** The activity's own pages the caller may open, as site paths with their string ids. */
export async function moduleLinks(ctx: CallContext, modname: string, cmid: number, modcontext: Context): Promise<Array<{ key: string; string: string; href: string }>> {
  const out: Array<{ key: string; string: string; href: string }> = [];
  for (const link of MODULE_LINKS[modname] ?? []) {
    const href = link.href(cmid);
    if ((await ctx.access.hasCapability(link.capability, modcontext)) && (await pageAdmits(ctx, href))) out.push({ key: link.key, string: link.string, href });
  }
  return out;
}
