import { describe, expect, it } from 'vitest';
import { effectiveTimezone, serverTimezone } from './preference';

describe('effectiveTimezone', () => {
  it('keeps a zone ICU knows, every time it is asked', () => {
    expect(effectiveTimezone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(effectiveTimezone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(effectiveTimezone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });

  it("answers the server's zone for 99, an empty value and a name ICU does not know, also when asked again", () => {
    const server = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(serverTimezone()).toBe(server);
    expect(effectiveTimezone('99')).toBe(server);
    expect(effectiveTimezone('')).toBe(server);
    expect(effectiveTimezone(null)).toBe(server);
    expect(effectiveTimezone('Mars/Olympus_Mons')).toBe(server);
    expect(effectiveTimezone('Mars/Olympus_Mons')).toBe(server);
  });
});
