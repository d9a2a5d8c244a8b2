import { describe, expect, it } from 'vitest';
import { shortcutFor } from './useGraderShortcuts';

const press = (key: string, mods: Partial<{ altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; code: string; target: EventTarget | null }> = {}) =>
  shortcutFor({ key, code: mods.code ?? '', altKey: false, shiftKey: false, ctrlKey: false, metaKey: false, target: document.body, ...mods });

describe('grader shortcuts', () => {
  it('moves with Alt+Shift+arrows anywhere, and with J/K outside text fields', () => {
    const input = document.createElement('input');
    expect(press('ArrowLeft', { altKey: true, shiftKey: true, target: input })).toBe('previous');
    expect(press('ArrowRight', { altKey: true, shiftKey: true })).toBe('next');
    expect(press('j')).toBe('next');
    expect(press('k')).toBe('previous');
    expect(press('j', { target: input })).toBeUndefined();
    expect(press('j', { target: document.createElement('textarea') })).toBeUndefined();
  });

  it('saves with Ctrl+S and Alt+Shift+S, and shows the list with ?', () => {
    expect(press('s', { ctrlKey: true, target: document.createElement('textarea') })).toBe('save');
    expect(press('Í', { altKey: true, shiftKey: true, code: 'KeyS' })).toBe('save');
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press('ArrowLeft')).toBeUndefined();
  });
});
