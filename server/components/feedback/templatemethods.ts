import { modFeedbackDeleteTemplate, modFeedbackGetTemplates, modFeedbackSaveTemplate, modFeedbackUseTemplate } from '../../../api/feedback';
import { getSystemContext } from '../../platform/access/contexts';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { defineMethod } from '../../ws/method';
import { CAP_CREATEPRIVATETEMPLATE, CAP_CREATEPUBLICTEMPLATE, CAP_DELETETEMPLATE, type FeedbackAccess } from './access';
import { requireEditor } from './checks';
import { itemsOf, itemsOut } from './items';
import { applyTemplate, clearFeedback, deleteTemplate, saveAsTemplate, templatesFor, usableTemplate } from './templates';

/** Who may delete which template: course ones with deletetemplate here; public ones also need both capabilities site-wide. */
async function deleteRights(ctx: CallContext, a: FeedbackAccess) {
  const here = await ctx.access.hasCapability(CAP_DELETETEMPLATE, a.modcontext);
  const system = await getSystemContext(ctx.db);
  const site = (await ctx.access.hasCapabilities([CAP_DELETETEMPLATE, CAP_CREATEPUBLICTEMPLATE], system)).size === 2;
  return (t: { ispublic: number }) => here && (t.ispublic !== 1 || site);
}

async function listFor(ctx: CallContext, a: FeedbackAccess) {
  return templatesFor(ctx.db, a.course.id, await deleteRights(ctx, a));
}

const getTemplates = defineMethod(modFeedbackGetTemplates, async (ctx, { feedbackid }) => {
  const a = await requireEditor(ctx, feedbackid);
  return { templates: await listFor(ctx, a) };
});

const saveTemplate = defineMethod(modFeedbackSaveTemplate, async (ctx, { feedbackid, name, ispublic }) => {
  const a = await requireEditor(ctx, feedbackid);
  if (ispublic) await ctx.access.requireCapability(CAP_CREATEPUBLICTEMPLATE, await getSystemContext(ctx.db));
  else await ctx.access.requireCapability(CAP_CREATEPRIVATETEMPLATE, a.modcontext);
  const id = await saveAsTemplate(ctx.db, a.feedback.id, a.course.id, ispublic, name, now());
  const template = (await listFor(ctx, a)).find((t) => t.id === id);
  if (!template) throw invalidRecord('feedback_template', `template ${id}`);
  return { template };
});

const useTemplate = defineMethod(modFeedbackUseTemplate, async (ctx, { feedbackid, templateid, mode }) => {
  const a = await requireEditor(ctx, feedbackid);
  await usableTemplate(ctx.db, a.course.id, templateid);
  if (mode === 'replace') await clearFeedback(ctx.db, a.feedback.id);
  await applyTemplate(ctx.db, a.feedback.id, templateid);
  return { items: itemsOut(await itemsOf(ctx.db, a.feedback.id), a.feedback.autonumbering === 1) };
});

const deleteTemplateMethod = defineMethod(modFeedbackDeleteTemplate, async (ctx, { feedbackid, templateid }) => {
  const a = await requireEditor(ctx, feedbackid);
  const template = await usableTemplate(ctx.db, a.course.id, templateid);
  await ctx.access.requireCapability(CAP_DELETETEMPLATE, a.modcontext);
  if (template.ispublic === 1) {
    const system = await getSystemContext(ctx.db);
    await ctx.access.requireCapability(CAP_CREATEPUBLICTEMPLATE, system);
    await ctx.access.requireCapability(CAP_DELETETEMPLATE, system);
  }
  await deleteTemplate(ctx.db, templateid);
  return { templates: await listFor(ctx, a) };
});

export const templateMethods = [getTemplates, saveTemplate, useTemplate, deleteTemplateMethod];
