import { useEffect, useRef } from 'react';
import { basicSetup, EditorView } from 'codemirror';
import { sql } from '@codemirror/lang-sql';

interface SqlEditorProps {
  /** The id of the element that labels the editor. */
  labelledBy: string;
  describedBy?: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  invalid?: boolean;
}

/** A CodeMirror SQL editor: line numbers, highlighting, bracket matching; the text is the form's value. */
export function SqlEditor({ labelledBy, describedBy, value, onChange, autoFocus = false, invalid = false }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: value,
      parent: host.current,
      extensions: [
        basicSetup,
        sql(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, ...(describedBy ? { 'aria-describedby': describedBy } : {}), 'aria-multiline': 'true', role: 'textbox' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className={`sql-editor${invalid ? ' is-invalid' : ''}`} data-testid="sql-editor" />;
}
