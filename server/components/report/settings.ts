import { TIMEOUT_MAX, TIMEOUT_MIN } from '../../../api/report';
import { getConfigs, setConfig, unsetConfig } from '../../platform/config-store';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { openRemote } from './readonly';
import { COMPONENT } from './sqlguard';

/** The reports' site settings in the config table (which reports may never read). */
export const SETTING = {
  querytimeout: 'block_configurable_reports_querytimeout',
  remotedb: 'block_configurable_reports_remotedb',
} as const;

/** Seconds a page, preview or count may run when the admin has not said. */
export const DEFAULT_TIMEOUT = 10;
/** What the settings page shows in place of a stored password. */
export const MASK = '********';

export interface ReportSettings {
  querytimeout: number;
  remotedb: string;
}

export async function readSettings(ctx: Pick<CallContext, 'db'>): Promise<ReportSettings> {
  const stored = await getConfigs(ctx.db, Object.values(SETTING));
  const timeout = Number(stored.get(SETTING.querytimeout));
  return {
    querytimeout: Number.isFinite(timeout) && timeout >= TIMEOUT_MIN && timeout <= TIMEOUT_MAX ? timeout : DEFAULT_TIMEOUT,
    remotedb: stored.get(SETTING.remotedb) ?? '',
  };
}

/** A postgres address as a URL, or null (sqlite: addresses and text that is no URL). */
function asUrl(address: string): URL | null {
  if (!/^postgres(ql)?:\/\//.test(address)) return null;
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/** The address with its password replaced by the mask, so the settings page never shows it. */
export function maskAddress(address: string): string {
  const url = asUrl(address);
  if (!url || url.password === '') return address;
  url.password = MASK;
  return url.toString();
}

/** The submitted address, with the stored password put back where the page sent the mask. */
export function unmaskAddress(submitted: string, stored: string): string {
  const url = asUrl(submitted);
  const old = asUrl(stored);
  if (!url || decodeURIComponent(url.password) !== MASK) return submitted;
  url.password = old?.password ?? '';
  return url.toString();
}

function invalidAddress(ctx: CallContext, errorcode: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a, fields: { remotedb: ctx.platform.strings.get(errorcode, COMPONENT, a, ctx.lang) } });
}

/** Tries the address read-only (one `select 1`) before it is kept; a refusal names the field. */
async function tryAddress(ctx: CallContext, address: string, timeoutSeconds: number): Promise<void> {
  if (!address.startsWith('sqlite:') && !asUrl(address)) throw invalidAddress(ctx, 'remotedbformat');
  let detail = '';
  try {
    const session = await openRemote(address, timeoutSeconds * 1000);
    try {
      await session.rows('select 1', [], 1);
    } finally {
      await session.close();
    }
    return;
  } catch (error) {
    detail = error instanceof AppError ? (typeof error.a === 'string' ? error.a : error.errorcode) : error instanceof Error ? error.message : String(error);
  }
  throw invalidAddress(ctx, 'remotedbunavailable', detail);
}

export async function writeSettings(ctx: CallContext, values: ReportSettings): Promise<ReportSettings> {
  const current = await readSettings(ctx);
  const remotedb = unmaskAddress(values.remotedb, current.remotedb);
  if (remotedb !== '' && remotedb !== current.remotedb) await tryAddress(ctx, remotedb, values.querytimeout);
  await setConfig(ctx.db, SETTING.querytimeout, String(values.querytimeout));
  if (remotedb === '') await unsetConfig(ctx.db, SETTING.remotedb);
  else await setConfig(ctx.db, SETTING.remotedb, remotedb);
  return { querytimeout: values.querytimeout, remotedb };
}
