import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { coreUserGetUsersByField } from '../../../api/user';
import { config } from '../../platform/config';
import { confirmDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { Avatar } from './Avatar';
import { PICTURE_STRINGS } from './userStrings';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** A refusal from /user/picture.php (too large, not an image, …), shown next to the field. */
class PictureRefused extends Error {}

/** Posts to /user/picture.php: a new picture, or `delete=1`; answers the new revision (0: none). */
async function sendPicture(userid: number, body: { file: File } | { delete: true }): Promise<number> {
  const form = new FormData();
  form.append('sesskey', config().sesskey);
  if ('file' in body) form.append('picture', body.file);
  else form.append('delete', '1');
  const response = await fetch(relativeUrl('/user/picture.php', { id: userid }), { method: 'POST', body: form, credentials: 'same-origin' });
  const answer = (await response.json()) as { picture?: number; error?: string; errorcode?: string };
  if (!response.ok || typeof answer.picture !== 'number') throw new PictureRefused(answer.error ?? response.statusText);
  return answer.picture;
}

interface PictureFieldProps {
  user: { id: number; fullname: string; picture: number };
}

/**
 * The user's picture: the current one (or their initials), choosing a new image with a preview,
 * uploading it, and deleting it after a confirmation. It is saved at once, apart from the form.
 */
export function PictureField({ user }: PictureFieldProps) {
  const s = useStrings('core_user', PICTURE_STRINGS);
  const client = useQueryClient();
  const self = user.id === config().userid;
  const [chosen, setChosen] = useState<{ file: File; url: string; broken?: boolean } | null>(null);
  // A new key empties the file input after an upload or a cancel.
  const [inputKey, setInputKey] = useState(0);
  const [error, setError] = useState('');
  // The file last chosen: a slower read of an earlier choice must not replace its preview.
  const latest = useRef<File | null>(null);

  const reset = () => {
    setChosen(null);
    setInputKey((k) => k + 1);
  };
  const send = useMutation({
    mutationFn: (body: { file: File } | { delete: true }) => sendPicture(user.id, body),
    meta: { quiet: true },
    onError: (failure) => {
      if (failure instanceof PictureRefused) setError(failure.message);
      else void showException(failure);
    },
    onSuccess: async (_picture, body) => {
      // Profiles, lists and the header avatar all read the users' queries.
      await client.invalidateQueries({ queryKey: [coreUserGetUsersByField.name] });
      reset();
      void addNotification({ message: s('file' in body ? 'pictureuploaded' : 'picturedeleted'), type: 'success' });
    },
  });

  function choose(file: File | undefined) {
    setError('');
    setChosen(null);
    latest.current = file ?? null;
    if (!file) return;
    // A data: address, as the page's content security policy allows no blob: images.
    const reader = new FileReader();
    reader.onload = () => {
      if (latest.current === file && typeof reader.result === 'string') setChosen({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
  }

  async function remove() {
    const ok = await confirmDialog({ title: s('deletepicture'), message: s('deletepictureconfirm', user.fullname), confirmLabel: s('deletepicture'), destructive: true });
    if (ok) send.mutate({ delete: true });
  }

  const help = s(self ? 'picturehelp' : 'picturehelpother');
  return (
    <section className="card picture-card" aria-labelledby="picture-heading">
      <h2 id="picture-heading">{s('picture')}</h2>
      <div className="picture-field">
        <div className="picture-preview">
          {chosen && !chosen.broken ? (
            // A file the browser cannot show keeps the current picture; the server says why on upload.
            <img className="avatar avatar-large avatar-picture" src={chosen.url} alt={s('newpicture')} onError={() => setChosen({ ...chosen, broken: true })} />
          ) : (
            <Avatar user={user} size="large" label={user.picture > 0 ? s('currentpicture') : s('pictureof', user.fullname)} />
          )}
        </div>
        <div className={`picture-controls form-field${error ? ' has-error' : ''}`}>
          {user.picture === 0 && (!chosen || chosen.broken) && <p className="muted picture-none">{s(self ? 'nopicture' : 'nopictureother')}</p>}
          <label className="field-label" htmlFor="user-picture">
            {s('choosepicture')}
          </label>
          <input
            key={inputKey}
            id="user-picture"
            type="file"
            accept={ACCEPT}
            aria-describedby={`user-picture-help${error ? ' user-picture-error' : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          {error && (
            <p className="field-error" id="user-picture-error" role="alert">
              {error}
            </p>
          )}
          <small className="muted field-help" id="user-picture-help">
            {help}
          </small>
          <div className="picture-actions">
            {chosen && (
              <>
                <PendingButton isPending={send.isPending} pendingKind="uploading" className="btn btn-primary" onPress={() => send.mutate({ file: chosen.file })}>
                  {s('uploadpicture')}
                </PendingButton>
                <Button
                  className="btn btn-secondary"
                  isDisabled={send.isPending}
                  onPress={() => {
                    setError('');
                    reset();
                  }}
                >
                  {s('cancel')}
                </Button>
              </>
            )}
            {!chosen && user.picture > 0 && (
              <PendingButton isPending={send.isPending} className="btn btn-danger" onPress={() => void remove()}>
                {s('deletepicture')}
              </PendingButton>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
