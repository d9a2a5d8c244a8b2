import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestSite, type TestSite } from '../test/site';
import { COMPRESSION_OPTIONS, acceptedEncoding } from './compression';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** POSTs over a real socket and keeps the bytes as they came (node:http never inflates). */
function post(port: number, path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const STRINGS = 'core_get_strings';
const batch = (count: number) =>
  JSON.stringify([{ index: 0, methodname: STRINGS, args: { strings: Array.from({ length: count }, (_, i) => ({ stringid: i % 2 ? 'login' : 'logout', component: 'moodle', stringparams: [{ name: 'n', value: String(i) }] })) } }]);

describe('answer compression', () => {
  let site: TestSite;
  let port: number;
  const path = `/lib/ajax/service-nologin.php?info=${STRINGS}`;

  beforeAll(async () => {
    site = await createTestSite('sqlite');
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as AddressInfo).port;
  });
  afterAll(() => site.close());

  it('sends a large answer brotli-compressed to a client that accepts it, the same JSON once inflated', async () => {
    const plain = await post(port, path, batch(400));
    const packed = await post(port, path, batch(400), { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_OPTIONS.threshold);
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.body.length).toBeLessThan(plain.body.length / 4);
    const inflated = brotliDecompressSync(packed.body).toString('utf8');
    expect(JSON.parse(inflated)).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect((JSON.parse(inflated) as Array<{ data: unknown[] }>)[0]?.data).toHaveLength(400);
  });

  it('uses gzip for a client that accepts only gzip', async () => {
    const packed = await post(port, path, batch(400), { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(packed.body).toString('utf8')) as Array<{ data: unknown[] }>)[0]?.data).toHaveLength(400);
  });

  it('sends a small answer as it is, even to a client that accepts compression', async () => {
    const small = await post(port, path, batch(1), { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(COMPRESSION_OPTIONS.threshold);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(small.body.toString('utf8')) as Array<{ error: boolean }>)[0]?.error).toBe(false);
  });

  it('does not inflate request bodies: a compressed batch is refused as bad JSON, not read', async () => {
    const answer = await post(port, path, Buffer.from([0x1f, 0x8b, 0x08, 0x00]), { 'content-encoding': 'gzip' });
    const json = JSON.parse(answer.body.toString('utf8')) as { error?: boolean; errorcode?: string };
    expect(json.errorcode).toBe('invalidjson');
  });

  it('sends everything as it is when COMPRESSION is off (a proxy in front compresses)', async () => {
    const platform = { ...site.platform, config: { ...site.platform.config, compression: false } };
    const app = await buildApp(platform, platform.components);
    try {
      const answer = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' }, payload: batch(400) });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect((answer.json<Array<{ data: unknown[] }>>())[0]?.data).toHaveLength(400);
    } finally {
      await app.close();
    }
  });

  it('reads Accept-Encoding as browsers and clients write it, weights and refusals included', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.2, gzip;q=0.9')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, identity')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
