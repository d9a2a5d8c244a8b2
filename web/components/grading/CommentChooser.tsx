import { ListBox, ListBoxItem } from 'react-aria-components';
import { ModalDialog } from '../../platform/dialogs';
import { useStrings } from '../../platform/useStrings';
import './grading.css';

export interface FrequentComment {
  id: number;
  description: string;
}

interface CommentChooserProps {
  comments: readonly FrequentComment[];
  /** The criterion whose remark gets the comment (named in the dialogue). */
  criterion: string;
  onChoose: (comment: string) => void;
  onClose: () => void;
}

/**
 * The marking guide's frequently used comments in a dialogue: arrow keys move through them, Enter
 * (or a click) inserts the chosen one, Escape closes without inserting.
 */
export function CommentChooser({ comments, criterion, onChoose, onClose }: CommentChooserProps) {
  const s = useStrings('core_grading', ['choosecomment', 'nocomments', 'comments']);
  return (
    <ModalDialog isOpen title={s('choosecomment')} onClose={onClose}>
      <p className="muted comment-chooser-for">{criterion}</p>
      <ListBox
        className="comment-chooser"
        aria-label={s('comments')}
        items={comments}
        autoFocus="first"
        selectionMode="none"
        onAction={(key) => {
          const comment = comments.find((c) => c.id === Number(key));
          if (!comment) return;
          onChoose(comment.description);
          onClose();
        }}
        renderEmptyState={() => <p className="empty-state">{s('nocomments')}</p>}
      >
        {(comment) => (
          <ListBoxItem id={comment.id} textValue={comment.description} className="comment-chooser-item">
            {comment.description}
          </ListBoxItem>
        )}
      </ListBox>
    </ModalDialog>
  );
}
