import { rmSync } from 'node:fs';

/** Removes the run's SQLite file and its WAL companions from the temp directory. */
export default function globalTeardown(): void {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) return;
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}
