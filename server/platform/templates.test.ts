import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComponentDefinition } from './component';
import { StringManager } from './strings';
import { TemplateManager } from './templates';

function fixture() {
  const root = mkdtempSync(join(tmpdir(), 'tpl-'));
  const compDir = join(root, 'comp');
  mkdirSync(join(compDir, 'templates'), { recursive: true });
  mkdirSync(join(compDir, 'lang'), { recursive: true });
  writeFileSync(join(compDir, 'templates', 'card.mustache'), '{{! a comment }}<div>{{title}} {{> core_test/badge}} {{#str}}greet, core_test, {{name}}{{/str}}</div>');
  writeFileSync(join(compDir, 'templates', 'badge.mustache'), '<b>{{count}}</b>');
  writeFileSync(join(compDir, 'lang', 'en.json'), JSON.stringify({ greet: 'Hello {$a}' }));
  const themes = join(root, 'themes');
  const components: ComponentDefinition[] = [{ name: 'core_test', dir: compDir }];
  return { root, themes, components, strings: new StringManager([{ component: 'core_test', langDir: join(compDir, 'lang') }]) };
}

describe('TemplateManager', () => {
  it('renders partials across components and the str helper, escaping values', () => {
    const f = fixture();
    const templates = new TemplateManager(f.components, f.themes);
    expect(templates.render('core_test', 'card', { title: '<i>T</i>', count: 3, name: 'Ann' }, f.strings)).toBe('<div>&lt;i&gt;T&lt;&#x2F;i&gt; <b>3</b> Hello Ann</div>');
  });

  it('strips comments unless asked, and lets a theme override a template', () => {
    const f = fixture();
    expect(new TemplateManager(f.components, f.themes).load('core_test', 'card')).not.toContain('a comment');
    expect(new TemplateManager(f.components, f.themes).load('core_test', 'card', 'boost', true)).toContain('a comment');
    mkdirSync(join(f.themes, 'boost', 'templates', 'core_test'), { recursive: true });
    writeFileSync(join(f.themes, 'boost', 'templates', 'core_test', 'badge.mustache'), '<strong>{{count}}</strong>');
    const themed = new TemplateManager(f.components, f.themes);
    expect(themed.load('core_test', 'badge', 'boost')).toBe('<strong>{{count}}</strong>');
    expect(themed.load('core_test', 'badge', 'classic')).toBe('<b>{{count}}</b>');
  });

  it('changes its revision when a template changes, and refuses unknown or unsafe names', () => {
    const f = fixture();
    const before = new TemplateManager(f.components, f.themes).revision;
    writeFileSync(join(f.root, 'comp', 'templates', 'badge.mustache'), '<em>{{count}}</em>');
    expect(new TemplateManager(f.components, f.themes).revision).not.toBe(before);
    const templates = new TemplateManager(f.components, f.themes);
    expect(() => templates.load('core_test', 'missing')).toThrow('error/filenotfound');
    expect(() => templates.load('core_test', '../lang/en')).toThrow('error/filenotfound');
  });
});
