import { Button } from 'react-aria-components';
import { announce } from '../../platform/announcer';
import type { StringLookup } from '../../platform/useStrings';
import { moveItem, newKey, type CommentDraft } from './guideDraft';

interface GuideCommentsEditorProps {
  comments: readonly CommentDraft[];
  s: StringLookup;
  onChange: (comments: CommentDraft[]) => void;
}

function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The guide's frequently used comments: add, edit, delete, reorder. */
export function GuideCommentsEditor({ comments, s, onChange }: GuideCommentsEditorProps) {
  const add = () => {
    const created = { key: newKey(), id: 0, description: '' };
    onChange([...comments, created]);
    focusSoon(`guide-${created.key}-text`);
  };
  const remove = (index: number) => {
    onChange(comments.filter((_, i) => i !== index));
    const neighbour = comments[index + 1] ?? comments[index - 1];
    focusSoon(neighbour ? `guide-${neighbour.key}-text` : 'guide-add-comment');
  };
  const move = (index: number, step: -1 | 1) => {
    const comment = comments[index];
    onChange(moveItem(comments, index, step));
    if (!comment) return;
    announce(s('commentmovedto', index + step + 1));
    focusSoon(`guide-${comment.key}-${step < 0 ? 'up' : 'down'}`);
  };
  return (
    <section className="card guide-comments" aria-labelledby="guide-comments-heading">
      <h2 id="guide-comments-heading">{s('comments')}</h2>
      <p className="field-help">{s('commentshelp')}</p>
      {comments.length === 0 ? (
        <p className="empty-state">{s('nocomments')}</p>
      ) : (
        <ol className="guide-comments-list">
          {comments.map((c, index) => {
            const id = `guide-${c.key}`;
            const name = s('commentn', index + 1);
            return (
              <li key={c.key} className="guide-comment">
                <div className="field guide-comment-text">
                  <label htmlFor={`${id}-text`}>{name}</label>
                  <textarea id={`${id}-text`} rows={2} value={c.description} onChange={(e) => onChange(comments.map((x, i) => (i === index ? { ...x, description: e.target.value } : x)))} />
                </div>
                <div className="guide-row-actions">
                  <Button id={`${id}-up`} className="btn btn-secondary btn-small" isDisabled={index === 0} onPress={() => move(index, -1)} aria-label={s('movecommentup', index + 1)}>
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button id={`${id}-down`} className="btn btn-secondary btn-small" isDisabled={index === comments.length - 1} onPress={() => move(index, 1)} aria-label={s('movecommentdown', index + 1)}>
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button className="btn btn-link danger" onPress={() => remove(index)} aria-label={s('deletecommentn', index + 1)}>
                    <span aria-hidden="true">✕</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button id="guide-add-comment" className="btn btn-secondary" onPress={add}>
        {s('addcomment')}
      </Button>
    </section>
  );
}
