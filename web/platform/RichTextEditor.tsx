import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Form, Input, Label, Popover, TextField, ToggleButton, Toolbar } from 'react-aria-components';
import { ImageButton, RichTextImage } from './RichTextImage';
import { useStrings } from './useStrings';

const STRINGS = ['editortoolbar', 'editorbold', 'editoritalic', 'editorunderline', 'editorbulletlist', 'editornumberedlist', 'editorlink', 'editorlinkurl', 'editorlinkapply', 'editorlinkremove', 'editorundo', 'editorredo'] as const;

export interface RichTextEditorProps {
  /** The id of the editable area, so labels, tests and error summaries can point at it. */
  id: string;
  /** The id of the visible label naming the field. */
  labelId: string;
  /** The text as HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Ids of the help and error texts describing the field. */
  describedBy?: string;
  invalid?: boolean;
  /** Height of the empty editing area in lines. */
  rows?: number;
}

/** Links the editor accepts: web and mail addresses only (the server removes anything else on output as well). */
function safeHref(raw: string): string | undefined {
  const text = raw.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  return /^(https?:|mailto:)/i.test(withScheme) ? withScheme : undefined;
}

/** What the editor holds as the field's value: its HTML, or '' when nothing was written. */
function valueOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * A rich-text field (paragraphs, bold, italic, underline, lists, links, images with their text
 * alternative) stored as HTML. The toolbar is moved through with the arrow keys; the usual shortcuts
 * (Ctrl+B, Ctrl+I, Ctrl+Z…) work in the text. The server cleans the HTML again whenever it shows it.
 */
export function RichTextEditor({ id, labelId, value, onChange, describedBy, invalid, rows = 6 }: RichTextEditorProps) {
  const s = useStrings('moodle', STRINGS);
  // The last HTML this field reported, so a value coming back from the parent is not loaded again.
  const reported = useRef(value);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false, trailingNode: false, link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }), RichTextImage],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'richtext-content',
        style: `min-height: ${rows * 1.5 + 1}rem`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = valueOf(current);
      reported.current = html;
      changed.current(html);
    },
  });

  // The accessibility attributes that change with the form's state.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          class: 'richtext-content',
          style: `min-height: ${rows * 1.5 + 1}rem`,
        },
      },
    });
  }, [editor, id, labelId, describedBy, invalid, rows]);

  // A value set from outside (a reset, another learner loaded) replaces the text without reporting a change.
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`richtext${invalid ? ' is-invalid' : ''}`}>
      {editor && <RichTextToolbar editor={editor} s={s} />}
      <EditorContent editor={editor} />
    </div>
  );
}

type Lookup = (key: (typeof STRINGS)[number]) => string;

function RichTextToolbar({ editor, s }: { editor: Editor; s: Lookup }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const toggle = (label: string, active: boolean, run: () => void, icon: ReactNode) => (
    <ToggleButton className="richtext-button" aria-label={label} isSelected={active} onChange={run}>
      {icon}
    </ToggleButton>
  );
  return (
    <Toolbar className="richtext-toolbar" aria-label={s('editortoolbar')}>
      <div className="richtext-group">
        {toggle(s('editorbold'), state.bold, () => editor.chain().focus().toggleBold().run(), <b aria-hidden="true">B</b>)}
        {toggle(s('editoritalic'), state.italic, () => editor.chain().focus().toggleItalic().run(), <i aria-hidden="true">I</i>)}
        {toggle(s('editorunderline'), state.underline, () => editor.chain().focus().toggleUnderline().run(), <u aria-hidden="true">U</u>)}
      </div>
      <div className="richtext-group">
        {toggle(s('editorbulletlist'), state.bulletList, () => editor.chain().focus().toggleBulletList().run(), <BulletIcon />)}
        {toggle(s('editornumberedlist'), state.orderedList, () => editor.chain().focus().toggleOrderedList().run(), <NumberedIcon />)}
        <LinkButton editor={editor} active={state.link} s={s} />
        <ImageButton editor={editor} />
      </div>
      <div className="richtext-group">
        <Button className="richtext-button" aria-label={s('editorundo')} isDisabled={!state.canUndo} onPress={() => editor.chain().focus().undo().run()}>
          <UndoIcon />
        </Button>
        <Button className="richtext-button" aria-label={s('editorredo')} isDisabled={!state.canRedo} onPress={() => editor.chain().focus().redo().run()}>
          <UndoIcon mirrored />
        </Button>
      </div>
    </Toolbar>
  );
}

/** The link button: a small dialogue for the address of the selected text's link. */
function LinkButton({ editor, active, s }: { editor: Editor; active: boolean; s: Lookup }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const openDialog = (next: boolean) => {
    if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setOpen(next);
  };
  const apply = () => {
    const url = safeHref(href);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url) chain.setLink({ href: url }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };
  return (
    <DialogTrigger isOpen={open} onOpenChange={openDialog}>
      <Button className={`richtext-button${active ? ' is-active' : ''}`} aria-label={s('editorlink')} aria-pressed={active}>
        <LinkIcon />
      </Button>
      <Popover className="richtext-popover" placement="bottom start">
        <Dialog className="richtext-link-dialog" aria-label={s('editorlink')}>
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              // The dialogue sits in a portal, but React passes its submit on to a form around the editor.
              e.stopPropagation();
              apply();
            }}
          >
            <TextField className="field" value={href} onChange={setHref} autoFocus>
              <Label>{s('editorlinkurl')}</Label>
              <Input type="url" inputMode="url" placeholder="https://" />
            </TextField>
            <div className="form-actions">
              <Button type="submit" className="btn btn-primary">
                {s('editorlinkapply')}
              </Button>
              {active && (
                <Button
                  className="btn btn-secondary"
                  onPress={() => {
                    editor.chain().focus().extendMarkRange('link').unsetLink().run();
                    setOpen(false);
                  }}
                >
                  {s('editorlinkremove')}
                </Button>
              )}
            </div>
          </Form>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function BulletIcon() {
  return (
    <svg className="dir-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="4" cy="5" r="1.6" fill="currentColor" />
      <circle cx="4" cy="10" r="1.6" fill="currentColor" />
      <circle cx="4" cy="15" r="1.6" fill="currentColor" />
      <path d="M8 5h9M8 10h9M8 15h9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function NumberedIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      {/* The digits are drawn, not text: text would count as the button's visible label. */}
      <path d="M2.6 3.6 4 2.5v5" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M2.3 13.1a1.5 1.5 0 1 1 2.6 1.1L2.3 17h3" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M8 5h9M8 10h9M8 15h9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function LinkIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" />
      <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
    </svg>
  );
}

function UndoIcon({ mirrored = false }: { mirrored?: boolean }) {
  return (
    <svg className="dir-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" style={mirrored ? { transform: 'scaleX(-1)' } : undefined}>
      <path d="M7 4 3 8l4 4" />
      <path d="M3 8h9a5 5 0 0 1 0 10H9" />
    </svg>
  );
}
