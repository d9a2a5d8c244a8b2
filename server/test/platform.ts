import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { components } from '../components/registry';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/database';
import { createPlatform } from '../platform/create';
import type { Platform } from '../platform/platform';

/** A platform over a test database with quiet logging; `config` overrides single settings. */
export function createTestPlatform(database: Database, config: Partial<Config> = {}): Platform {
  const base = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: '0', WWWROOT: 'http://tessera.test', FILES_DIR: join(tmpdir(), 'tessera-test-files') });
  return createPlatform({ ...base, ...config }, database, components);
}
