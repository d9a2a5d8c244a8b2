import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { blockConfigurableReportsRunReport } from '../../../api/report';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { routeContext, routeFailure, runTable } from './run';

type DataQuery = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The table's request in the address: `start`, `length`, `search`, `sort=<column>:<asc|desc>,…`,
 * `columnsearch` once per column (in order, empty ones included), `source`, `starttime`, `endtime`.
 */
export function tableArgs(query: DataQuery): unknown {
  const sort = (one(query.sort) ?? '')
    .split(',')
    .filter((part) => part !== '')
    .map((part) => {
      const [column, dir] = part.split(':');
      return { column: column ?? '', dir: dir ?? 'asc' };
    });
  const defined = Object.fromEntries(
    Object.entries({ id: one(query.id), source: one(query.source), start: one(query.start), length: one(query.length), search: one(query.search), starttime: one(query.starttime), endtime: one(query.endtime) }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return { ...defined, mode: 'server', sort, columnsearch: list(query.columnsearch) };
}

/**
 * `GET /blocks/configurable_reports/data.php?id=…`: one page of a report for the table's server mode
 * (paged, sorted and searched by the database), as `{data: [[…]], recordsTotal, recordsFiltered,
 * columns, error?}`. Same permission as running the report; reads only.
 */
async function reportData(platform: Platform, request: FastifyRequest<{ Querystring: DataQuery }>, reply: FastifyReply) {
  let lang: string | undefined;
  try {
    const ctx = routeContext(platform, request);
    lang = ctx.lang;
    const parsed = blockConfigurableReportsRunReport.args.safeParse(tableArgs(request.query));
    if (!parsed.success) throw new AppError('invalidparameter', { debuginfo: parsed.error.issues.map((i) => i.path.join('.')).join(', ') });
    const answer = await runTable(ctx, parsed.data);
    return reply.header('Cache-Control', 'no-store').send(answer);
  } catch (error) {
    if (error instanceof AppError) return routeFailure(platform, reply, error, lang);
    throw error;
  }
}

export function registerDataRoute(app: FastifyInstance, platform: Platform): void {
  app.get<{ Querystring: DataQuery }>('/blocks/configurable_reports/data.php', (request, reply) => reportData(platform, request, reply));
}
