import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import './richtext.css';

const Editor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor, loaded with its editing library only when a form shows one, so pages that
 * merely display text stay small. Until it arrives, an empty box of the same height holds its place.
 */
export function RichText(props: RichTextEditorProps) {
  const rows = props.rows ?? 6;
  return (
    <Suspense fallback={<div className="richtext richtext-loading" style={{ minHeight: `${rows * 1.5 + 3.5}rem` }} aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}
