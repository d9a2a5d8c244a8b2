import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { CAP_COMPETENCY_MANAGE, CAP_COMPETENCY_VIEW } from '../../../api/competency';
import type { CompetencyFrameworkTable, CompetencyTable } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { AppError, invalidRecord } from '../../platform/errors';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';

export const COMPONENT = 'core_competency';

export type FrameworkRow = Selectable<CompetencyFrameworkTable>;
export type CompetencyRow = Selectable<CompetencyTable>;

/** A user's mistake or refusal in this component, with the message from its language pack. */
export function competencyError(errorcode: string, a?: unknown, fields?: Record<string, string>): AppError {
  return new AppError(errorcode, { component: COMPONENT, a, fields });
}

export async function frameworkById(ctx: CallContext, id: number): Promise<FrameworkRow> {
  const row = await ctx.db.selectFrom('competency_framework').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw invalidRecord('competency_framework', `framework ${id}`);
  return row;
}

export async function competencyById(ctx: CallContext, id: number): Promise<CompetencyRow> {
  const row = await ctx.db.selectFrom('competency').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw invalidRecord('competency', `competency ${id}`);
  return row;
}

export async function frameworkContext(ctx: CallContext, framework: FrameworkRow): Promise<Context> {
  const context = await getContextById(ctx.db, framework.contextid);
  if (!context) throw invalidRecord('context', `context ${framework.contextid}`);
  return context;
}

/** Viewing frameworks: competencyview or competencymanage in the framework's context. */
export async function requireRead(ctx: CallContext, context: Context): Promise<{ canmanage: boolean }> {
  const held = await ctx.access.hasCapabilities([CAP_COMPETENCY_VIEW, CAP_COMPETENCY_MANAGE], context);
  if (held.size === 0) await ctx.access.requireCapability(CAP_COMPETENCY_VIEW, context);
  return { canmanage: held.has(CAP_COMPETENCY_MANAGE) };
}

export async function requireManage(ctx: CallContext, context: Context): Promise<void> {
  await ctx.access.requireCapability(CAP_COMPETENCY_MANAGE, context);
}

/** A framework the caller may read, with its context. */
export async function readableFramework(ctx: CallContext, id: number) {
  const framework = await frameworkById(ctx, id);
  const context = await frameworkContext(ctx, framework);
  const { canmanage } = await requireRead(ctx, context);
  return { framework, context, canmanage };
}

/** A framework the caller may manage, with its context. */
export async function managedFramework(ctx: CallContext, id: number) {
  const framework = await frameworkById(ctx, id);
  const context = await frameworkContext(ctx, framework);
  await requireManage(ctx, context);
  return { framework, context };
}

/** Any of the columns contains the text in any case, with LIKE's wildcards in it taken literally. */
export function containsText(columns: readonly string[], text: string) {
  const pattern = containsPattern(text);
  // Raw SQL for the ESCAPE clause, which Kysely's builder cannot say; both dialects accept it.
  return sql<boolean>`(${sql.join(columns.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`), sql` or `)})`;
}

/** A LIKE pattern (escape '\\') for text contained anywhere, lower-cased. */
export function containsPattern(text: string): string {
  return `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** formatString for many short names: text without markup or entities comes out as it went in, so it skips the sanitiser. */
export function plainName(text: string): string {
  return /[<>&"']/.test(text) ? formatString(text) : text;
}
