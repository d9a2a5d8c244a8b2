import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './securityheaders';

describe("helmet's protective headers, read once", () => {
  it('holds the headers that stop framing, sniffing and referrers, and nothing that varies per answer', async () => {
    const headers = await helmetHeaders();
    expect(headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    for (const varying of ['content-type', 'content-length', 'date', 'connection', 'content-security-policy']) expect(headers).not.toHaveProperty(varying);
  });
});
