import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../components/registry';
import { openDatabase, type Database } from '../../db/database';
import { createTestPlatform } from '../../test/platform';
import { StringManager } from '../strings';
import { coreCapabilities } from './capabilities';
import { capabilityDisplayName, riskIds, riskNames, UNSAFE_RISKS } from './capability-names';
import { RISK_CONFIG, RISK_DATALOSS, RISK_MANAGETRUST, RISK_PERSONAL, RISK_SPAM, RISK_XSS } from './types';

/** Every capability the site declares, gathered as install does: core's and each component's. */
const declared = components.flatMap((c) => [...(c.capabilities ?? [])]);

describe('capability human names', () => {
  let database: Database;
  let strings: StringManager;

  beforeAll(async () => {
    // The strings are the site's own, assembled exactly as the running platform assembles them.
    database = await openDatabase('sqlite::memory:');
    strings = createTestPlatform(database).strings;
  });

  afterAll(async () => {
    await database.close();
  });

  it('gathers the core capabilities and those of the components', () => {
    const names = new Set(declared.map((c) => c.name));
    for (const core of coreCapabilities) expect(names.has(core.name)).toBe(true);
    expect(declared.length).toBeGreaterThan(coreCapabilities.length);
  });

  it.each(declared.map((c) => c.name))('%s has a human name', (name) => {
    const display = capabilityDisplayName(strings, name, 'en');
    expect(display).not.toBe(name);
    expect(display.trim()).not.toBe('');
    expect(display).not.toMatch(/^\[\[/);
  });

  it('gives different capabilities different names', () => {
    const byName = new Map<string, string[]>();
    for (const { name } of declared) {
      const display = capabilityDisplayName(strings, name, 'en');
      byName.set(display, [...(byName.get(display) ?? []), name]);
    }
    expect([...byName].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it.each(riskNames.map((r) => r.name))('risk %s has a label and a description in core_role', (id) => {
    expect(strings.exists(id, 'core_role')).toBe(true);
    expect(strings.exists(`${id}desc`, 'core_role')).toBe(true);
    expect(strings.get(`${id}desc`, 'core_role').length).toBeGreaterThan(strings.get(id, 'core_role').length);
  });
});

describe('capabilityDisplayName look-up order', () => {
  let dir: string;
  let strings: StringManager;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'capnames-'));
    const own = join(dir, 'mod_testmod');
    const role = join(dir, 'core_role');
    for (const [langDir, pack] of [
      [own, { 'mod/testmod:submit': 'Submit from the module' }],
      [role, { 'mod/testmod:submit': 'Submit from core_role', 'mod/testmod:view': 'View from core_role', 'moodle/site:config': 'Configure' }],
    ] as const) {
      // One directory per component, holding en.json.
      mkdirSync(langDir);
      writeFileSync(join(langDir, 'en.json'), JSON.stringify(pack));
    }
    strings = new StringManager([
      { component: 'mod_testmod', langDir: own },
      { component: 'core_role', langDir: role },
    ]);
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("prefers the string in the capability's own component", () => {
    expect(capabilityDisplayName(strings, 'mod/testmod:submit', 'en')).toBe('Submit from the module');
  });

  it('falls back to core_role', () => {
    expect(capabilityDisplayName(strings, 'mod/testmod:view', 'en')).toBe('View from core_role');
    expect(capabilityDisplayName(strings, 'moodle/site:config', 'en')).toBe('Configure');
  });

  it('answers the raw name when nobody names the capability', () => {
    expect(capabilityDisplayName(strings, 'mod/testmod:grade', 'en')).toBe('mod/testmod:grade');
  });
});

describe('riskIds', () => {
  it.each([
    { name: 'no risk', mask: 0, expected: [] },
    { name: 'trust alone', mask: RISK_MANAGETRUST, expected: ['riskmanagetrust'] },
    { name: 'configuration alone', mask: RISK_CONFIG, expected: ['riskconfig'] },
    { name: 'XSS alone', mask: RISK_XSS, expected: ['riskxss'] },
    { name: 'personal alone', mask: RISK_PERSONAL, expected: ['riskpersonal'] },
    { name: 'spam alone', mask: RISK_SPAM, expected: ['riskspam'] },
    { name: 'data loss alone', mask: RISK_DATALOSS, expected: ['riskdataloss'] },
    { name: 'XSS and spam (tag capabilities)', mask: RISK_XSS | RISK_SPAM, expected: ['riskxss', 'riskspam'] },
    { name: 'site:config, in the fixed order whatever the bit order', mask: RISK_DATALOSS | RISK_SPAM | RISK_PERSONAL | RISK_XSS | RISK_CONFIG, expected: ['riskconfig', 'riskxss', 'riskpersonal', 'riskspam', 'riskdataloss'] },
    { name: 'every risk', mask: 0x3f, expected: ['riskmanagetrust', 'riskconfig', 'riskxss', 'riskpersonal', 'riskspam', 'riskdataloss'] },
    { name: 'bits that are not risks are ignored', mask: 0x40 | 0x80 | RISK_PERSONAL, expected: ['riskpersonal'] },
  ])('$name', ({ mask, expected }) => {
    expect(riskIds(mask)).toEqual(expected);
  });

  it('leaves spam out of the unsafe risks, and counts every other one', () => {
    expect(riskIds(UNSAFE_RISKS)).toEqual(['riskmanagetrust', 'riskconfig', 'riskxss', 'riskpersonal', 'riskdataloss']);
  });
});
