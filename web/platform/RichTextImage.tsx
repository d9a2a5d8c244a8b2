import Image from '@tiptap/extension-image';
import { NodeSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useRef, useState } from 'react';
import { Button, Checkbox, Dialog, DialogTrigger, FieldError, Form, Input, Label, Popover, Text, TextField } from 'react-aria-components';
import { useStrings } from './useStrings';

const STRINGS = [
  'editorimage',
  'editorimageurl',
  'editorimagealt',
  'editorimagealthelp',
  'editorimagedecorative',
  'editorimageinsert',
  'editorimagealtrequired',
  'editorimageurlinvalid',
  'editorlinkapply',
] as const;

/**
 * Images in the text, inline, by web address (the server keeps only http and https ones). They
 * come in through the image dialogue, which asks for a description; Markdown-like typing (`![](…)`)
 * would skip that, so it is off. An image that arrives without any alt (pasted, or stored before)
 * is shown as the server shows it, alt="", marked `data-undescribed` so the editor can point it out
 * and the dialogue knows it was never described; the server drops the mark on output.
 */
export const RichTextImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      alt: {
        default: null,
        parseHTML: (element: HTMLElement) => (element.hasAttribute('data-undescribed') ? null : element.getAttribute('alt')),
        renderHTML: (attributes: Record<string, unknown>) => (typeof attributes.alt === 'string' ? { alt: attributes.alt } : { alt: '', 'data-undescribed': '' }),
      },
    };
  },
  addInputRules() {
    return [];
  },
}).configure({ inline: true });

/** An image address the editor accepts: http or https, `https://` added when no scheme is typed. */
export function imageSrc(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  if (!/^https?:\/\//i.test(withScheme)) return undefined;
  try {
    return new URL(withScheme).href;
  } catch {
    return undefined;
  }
}

/** The image the selection is on, when it is one (to edit it), else null (to insert one). */
function selectedImage(editor: Editor): { src: string; alt: string | null } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null;
  const { src, alt } = selection.node.attrs as { src?: unknown; alt?: unknown };
  return { src: typeof src === 'string' ? src : '', alt: typeof alt === 'string' ? alt : null };
}

interface Problems {
  src?: string;
  alt?: string;
}

/**
 * The image button: a small dialogue for the image's address and its text alternative. An image
 * either has a description or is marked decorative (then `alt=""`, so screen readers pass over
 * it); inserting one with neither is refused next to the description field. With an image
 * selected, the dialogue edits it, so one pasted without a description can be given one.
 */
export function ImageButton({ editor }: { editor: Editor }) {
  const s = useStrings('moodle', STRINGS);
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const srcInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);

  const openDialog = (next: boolean) => {
    if (next) {
      const image = selectedImage(editor);
      setEditing(image !== null);
      setSrc(image?.src ?? '');
      setAlt(image?.alt ?? '');
      setDecorative(image?.alt === '');
      setProblems({});
    }
    setOpen(next);
  };
  const apply = () => {
    const url = imageSrc(src);
    const description = alt.trim();
    const found: Problems = {
      ...(url ? {} : { src: s('editorimageurlinvalid') }),
      ...(decorative || description ? {} : { alt: s('editorimagealtrequired') }),
    };
    setProblems(found);
    if (!url || found.alt) {
      (found.src ? srcInput : altInput).current?.focus();
      return;
    }
    const attrs = { src: url, alt: decorative ? '' : description };
    if (editing) editor.chain().focus().updateAttributes('image', attrs).run();
    else editor.chain().focus().setImage(attrs).run();
    setOpen(false);
  };

  return (
    <DialogTrigger isOpen={open} onOpenChange={openDialog}>
      <Button className="richtext-button" aria-label={s('editorimage')}>
        <ImageIcon />
      </Button>
      <Popover className="richtext-popover" placement="bottom start">
        <Dialog className="richtext-link-dialog richtext-image-dialog" aria-label={s('editorimage')}>
          <Form
            validationBehavior="aria"
            onSubmit={(e) => {
              e.preventDefault();
              // The dialogue sits in a portal, but React passes its submit on to a form around the editor.
              e.stopPropagation();
              apply();
            }}
          >
            <TextField className="field" value={src} onChange={setSrc} isInvalid={problems.src !== undefined} autoFocus>
              <Label>{s('editorimageurl')}</Label>
              <Input ref={srcInput} type="url" inputMode="url" placeholder="https://" />
              <FieldError className="field-error">{problems.src}</FieldError>
            </TextField>
            <TextField className="field" value={alt} onChange={setAlt} isDisabled={decorative} isInvalid={problems.alt !== undefined}>
              <Label>{s('editorimagealt')}</Label>
              <Input ref={altInput} />
              <Text slot="description" className="field-help">
                {s('editorimagealthelp')}
              </Text>
              <FieldError className="field-error">{problems.alt}</FieldError>
            </TextField>
            <Checkbox
              className="checkbox"
              isSelected={decorative}
              onChange={(checked) => {
                setDecorative(checked);
                setProblems(({ src: srcProblem }) => (srcProblem ? { src: srcProblem } : {}));
              }}
            >
              <span className="checkbox-box" aria-hidden="true" />
              {s('editorimagedecorative')}
            </Checkbox>
            <div className="form-actions">
              <Button type="submit" className="btn btn-primary">
                {editing ? s('editorlinkapply') : s('editorimageinsert')}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function ImageIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round">
      <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
      <circle cx="7" cy="8" r="1.5" />
      <path d="m3 15 4.5-4.5 3 3 2.5-2.5 4.5 4.5" />
    </svg>
  );
}
