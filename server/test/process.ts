/**
 * Tests that run the real server as its own process (`node --import tsx server/main.ts`, or the
 * compiled bundle `npm start` runs): start it, wait until it serves, and log in through the form as a browser would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Starts the server with these settings on top of the test's environment; output is dropped unless
 * `output` is given. It runs the TypeScript through tsx, or the compiled bundle `entry` when given
 * (scripts/build-server.ts, what `npm start` runs).
 */
export function startServerProcess(env: Record<string, string>, output?: (text: string) => void, entry?: string, nodeArgs: readonly string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, ...(entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', 'server/main.ts'])], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn', ...env },
    stdio: output ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  if (output) {
    child.stdout?.on('data', (chunk: Buffer) => output(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output(chunk.toString()));
  }
  return child;
}

/** Resolves once `base` answers its login page; fails after a minute. */
export async function waitUntilServing(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/login/index.php`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within a minute');
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Logs in through the form and reads the sesskey from a page's configuration. */
export async function logInByForm(base: string, username: string, password: string): Promise<{ cookie: string; sesskey: string }> {
  const form = await fetch(`${base}/login/index.php`);
  const logintoken = /name="logintoken" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const posted = await fetch(`${base}/login/index.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookieOf(form), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, logintoken }).toString(),
  });
  const cookie = cookieOf(posted);
  const page = await (await fetch(`${base}/my/`, { headers: { cookie } })).text();
  const sesskey = /"sesskey":"([^"]+)"/.exec(page)?.[1] ?? '';
  if (!cookie || !sesskey) throw new Error(`could not log in as ${username}`);
  return { cookie, sesskey };
}
