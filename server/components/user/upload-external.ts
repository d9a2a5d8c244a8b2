import { coreUserGetUpload, coreUserPreviewUpload, coreUserProcessUpload, coreUserStartUpload } from '../../../api/userupload';
import { getSystemContext } from '../../platform/access/contexts';
import type { AppError } from '../../platform/errors';
import { eventActor } from '../../platform/events';
import { defineMethod, type CallContext } from '../../ws/method';
import { assessRows, readUploadFile, rowErrors } from './upload';
import { processUpload, startUpload, uploadResult } from './upload-jobs';
import { userFieldRules } from './validation';

/** Uploading users, like Moodle's tool: moodle/site:uploadusers in the system context (admins, managers). */
export async function requireUploadUsers(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/site:uploadusers', await getSystemContext(ctx.db));
}

function renderer(ctx: CallContext) {
  return (problems: readonly AppError[]) => rowErrors(problems, ctx.platform.strings, ctx.lang);
}

const previewUpload = defineMethod(coreUserPreviewUpload, async (ctx, { content, delimiter, mode }) => {
  await requireUploadUsers(ctx);
  const file = readUploadFile(content, delimiter, mode);
  const fieldRules = await userFieldRules(ctx.db, ctx.platform.strings, ctx.lang);
  const verdicts = await assessRows(ctx.db, file.rows, mode, fieldRules, eventActor(ctx));
  const render = renderer(ctx);
  const counts = { create: 0, update: 0, skip: 0, error: 0 };
  const rows = verdicts.map((v) => {
    counts[v.action]++;
    return {
      line: v.row.line,
      username: v.row.username,
      firstname: v.row.values.firstname ?? '',
      lastname: v.row.values.lastname ?? '',
      email: v.row.values.email ?? '',
      action: v.action,
      errors: v.action === 'error' ? render(v.problems) : [],
      note: v.action === 'skip' ? (render([v.reason])[0]?.message ?? '') : '',
    };
  });
  return { columns: file.columns, total: rows.length, counts, rows };
});

const startUploadMethod = defineMethod(coreUserStartUpload, async (ctx, args) => {
  await requireUploadUsers(ctx);
  return startUpload(ctx.db, ctx.user?.id ?? 0, args);
});

const processUploadMethod = defineMethod(coreUserProcessUpload, async (ctx, { uploadid }) => {
  await requireUploadUsers(ctx);
  const fieldRules = await userFieldRules(ctx.db, ctx.platform.strings, ctx.lang);
  return processUpload(ctx.db, uploadid, eventActor(ctx), fieldRules, renderer(ctx));
});

const getUpload = defineMethod(coreUserGetUpload, async (ctx, { uploadid, page, perpage }) => {
  await requireUploadUsers(ctx);
  return uploadResult(ctx.db, uploadid, ctx.user?.id ?? 0, page, perpage);
});

export const uploadMethods = [previewUpload, startUploadMethod, processUploadMethod, getUpload];
