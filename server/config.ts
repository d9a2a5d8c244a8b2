import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Every setting Tessera reads from the environment, with its default. The README documents each one. */
export interface Config {
  port: number;
  host: string;
  /** `sqlite:<file>`, `sqlite::memory:` or `postgres://…` */
  databaseUrl: string;
  /** Public base URL without a trailing slash, e.g. `https://lms.example.org`. */
  wwwroot: string;
  /** Admin password used when the site is first created; random (and printed once) when absent. */
  adminPassword: string | undefined;
  /** Create demo users, courses and activities on an empty site. */
  demoData: boolean;
  /** Password of every demo user; random (and printed once) when absent. */
  demoPassword: string | undefined;
  logLevel: string;
  /** Developer debugging: site admins see debuginfo and backtraces in exceptions. */
  debugDeveloper: boolean;
  /** Outgoing mail server, e.g. `smtp://user:pass@mail.example.org:587`; no e-mail is sent when absent. */
  smtpUrl: string | undefined;
  /** The From address of e-mail the site sends. */
  mailFrom: string;
  /** The built app (index.html and assets/), as `vite build` writes it. */
  webDistDir: string;
  /** Secure cookies (set when WWWROOT is https). */
  secureCookies: boolean;
  /** Server processes sharing the port (node cluster); 1 runs the server in this process. */
  workers: number;
  /** Send answers over 2 KiB compressed to clients that accept it (off when a proxy in front compresses). */
  compression: boolean;
  /**
   * Where uploaded files' contents are stored, by content hash. Default: `files/` next to the SQLite
   * file (`./data/files` with PostgreSQL); several processes must share this folder.
   */
  filesDir: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.trim().toLowerCase());
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

function workers(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WORKERS must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

/** The default FILES_DIR: beside the SQLite file, a temporary folder for an in-memory database, else ./data/files. */
function defaultFilesDir(databaseUrl: string): string {
  if (databaseUrl === 'sqlite::memory:') return join(tmpdir(), 'tessera-files');
  if (databaseUrl.startsWith('sqlite:')) return join(dirname(resolve(databaseUrl.slice('sqlite:'.length))), 'files');
  return resolve('./data/files');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const p = port(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/tessera.db';
  const wwwroot = (env.WWWROOT || `http://${host === '0.0.0.0' ? 'localhost' : host}:${p}`).replace(/\/+$/, '');
  return {
    port: p,
    host,
    databaseUrl,
    wwwroot,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: flag(env.DEMO_DATA, true),
    demoPassword: env.DEMO_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    debugDeveloper: flag(env.DEBUG_DEVELOPER, false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `Tessera <noreply@${new URL(wwwroot).hostname}>`,
    webDistDir: resolve(env.WEB_DIST_DIR || join(import.meta.dirname, '..', 'dist', 'web')),
    secureCookies: wwwroot.startsWith('https://'),
    workers: workers(env.WORKERS),
    compression: flag(env.COMPRESSION, true),
    filesDir: resolve(env.FILES_DIR || defaultFilesDir(databaseUrl)),
  };
}
