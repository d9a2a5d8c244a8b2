import { useState, type ReactNode } from 'react';
import { initials } from '../user/Avatar';
import '../user/avatar.css';

/**
 * A person's picture from the address a web service answered (profileimageurl…), or their initials
 * when it cannot be loaded. Decoration beside the name, so hidden from screen readers.
 */
export function PictureByUrl({ url, fullname, size = 'compact' }: { url: string; fullname: string; size?: 'compact' | 'small' }) {
  const [failed, setFailed] = useState('');
  const className = `avatar${size === 'compact' ? ' avatar-compact' : ''}`;
  if (url && failed !== url) return <img className={`${className} avatar-picture`} src={url} alt="" onError={() => setFailed(url)} />;
  return (
    <span className={className} aria-hidden="true">
      {initials(fullname)}
    </span>
  );
}

/** A name (or link) with the picture before it, as in rows of people lists. */
export function NameWithPicture({ url, fullname, children }: { url: string; fullname: string; children: ReactNode }) {
  return (
    <span className="with-avatar">
      <PictureByUrl url={url} fullname={fullname} />
      <span className="with-avatar-name">{children}</span>
    </span>
  );
}
