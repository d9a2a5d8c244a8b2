import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { components } from './components/registry';
import { openTestDatabase, type TestDatabase } from './test/databases';
import { createTestPlatform } from './test/platform';
import type { FastifyInstance } from 'fastify';

describe('built assets', () => {
  const script = 'export const answer = 42;\n'.repeat(200);
  let dir: string;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    // A build as scripts/vite-precompress.ts leaves it: the file, and its .br and .gz beside it.
    dir = mkdtempSync(join(tmpdir(), 'tessera-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    database = await openTestDatabase('sqlite');
    app = await buildApp(createTestPlatform(database, { webDistDir: dir }), components);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the precompressed brotli or gzip file to browsers that accept it, and the plain file otherwise', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toContain('immutable');
  });
});
