import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getConfig } from '../../platform/config-store';
import { AppError } from '../../platform/errors';

/** Site setting: hosts (names or addresses, comma or newline separated) that may be fetched although they are private or loopback. */
export const ALLOWED_HOSTS_SETTING = 'mod_lti_allowedhosts';
const TIMEOUT_MS = 5000;
export const MAX_DOCUMENT_BYTES = 256 * 1024;

function blockedAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80') || lower.startsWith('ff');
}

async function allowedHosts(db: Kysely<DB>): Promise<Set<string>> {
  const value = (await getConfig(db, ALLOWED_HOSTS_SETTING)) ?? '';
  return new Set(value.split(/[\s,]+/).map((h) => h.trim().toLowerCase()).filter(Boolean));
}

const refused = (debuginfo: string) => new AppError('errorbadurl', { component: 'mod_lti', debuginfo });

/**
 * Fetches a document for the tool administration (cartridges) through the outbound guard: http(s)
 * only, no redirects, private and loopback addresses refused unless the admin allow-list names the
 * host, a timeout, and a size cap. Answers the body as text.
 */
export async function fetchGuarded(db: Kysely<DB>, url: string): Promise<string> {
  if (!URL.canParse(url)) throw refused('not a URL');
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw refused('only http and https');
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!(await allowedHosts(db)).has(host)) {
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
    if (addresses.length === 0) throw refused(`cannot resolve ${host}`);
    if (addresses.some(blockedAddress)) throw refused(`${host} is a private or loopback address`);
  }
  const unreadable = (debuginfo: string) => new AppError('errorreadingfile', { component: 'mod_lti', debuginfo });
  const response = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
    throw unreadable(error instanceof Error ? error.message : 'fetch failed');
  });
  if (response.status !== 200 || !response.body) throw unreadable(`answered ${response.status}`);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DOCUMENT_BYTES) {
      await reader.cancel();
      throw unreadable(`larger than ${MAX_DOCUMENT_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
