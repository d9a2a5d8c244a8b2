import { describe, expect, it } from 'vitest';
import { docComment, documentation, exampleOf } from './docs';

const canonical = `{{!
    Not this one.
}}
{{!
    @template core/notice

    A notice.

    Example context (json):
    {
        "message": "Saved"
    }
}}
<p>{{message}}</p>`;

describe('template documentation', () => {
  it('takes the comment that names the template, without its indentation', () => {
    expect(documentation(undefined, canonical, 'core/notice')).toBe('@template core/notice\n\nA notice.\n\nExample context (json):\n{\n    "message": "Saved"\n}');
    expect(docComment(canonical, 'core/not')).toBeUndefined();
    expect(documentation(undefined, false, 'core/notice')).toBeUndefined();
  });

  it("prefers the theme copy's own comment, and falls back to the component's", () => {
    const themed = '{{! @template core/notice\n  The theme’s notice. }}<p class="x">{{message}}</p>';
    expect(documentation(themed, canonical, 'core/notice')).toContain('The theme’s notice.');
    expect(documentation('<p>{{message}}</p>', canonical, 'core/notice')).toContain('A notice.');
  });

  it('parses the example strictly, and tells a missing example from a broken one', () => {
    expect(exampleOf(documentation(undefined, canonical, 'core/notice'))).toEqual({ kind: 'context', context: { message: 'Saved' } });
    expect(exampleOf('@template core/x\nNo example here.')).toEqual({ kind: 'none' });
    expect(exampleOf(undefined)).toEqual({ kind: 'none' });
    expect(exampleOf("@template core/x\nExample context (json):\n{ message: 'not json' }").kind).toBe('invalid');
    expect(exampleOf('@template core/x\nExample context (json):\n[1, 2]').kind).toBe('invalid');
  });
});
