import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { coreUserGetUsersByField } from '../../../api/user';
import { call } from '../../platform/ajax';
import { config } from '../../platform/config';
import { relativeUrl } from '../../platform/url';
import './avatar.css';

/** The picture's address; the revision changes with each new picture, so caches never show an old one. */
export function pictureUrl(userid: number, picture: number): string {
  return relativeUrl('/user/pix.php', { id: userid, rev: picture });
}

/** Up to two initials of a full name. */
export function initials(fullname: string): string {
  return fullname
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

interface AvatarProps {
  user: { id: number; fullname: string; picture: number };
  /** compact: in rows of people lists; small: the header; large: the profile. */
  size?: 'compact' | 'small' | 'large';
  /** The accessible name; without one the avatar is decoration beside the user's name. */
  label?: string;
}

/** A user's picture, or their initials when they have none (or it cannot be loaded). */
export function Avatar({ user, size = 'small', label }: AvatarProps) {
  // Remembers which revision failed to load, so a new picture is tried again.
  const [failed, setFailed] = useState(0);
  const className = `avatar${size === 'small' ? '' : ` avatar-${size}`}`;
  const name = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (user.picture > 0 && failed !== user.picture) {
    return <img className={`${className} avatar-picture`} src={pictureUrl(user.id, user.picture)} alt={label ?? ''} onError={() => setFailed(user.picture)} />;
  }
  return (
    <span className={className} {...name}>
      {initials(user.fullname)}
    </span>
  );
}

/** A person's name (or link) in a list, with their avatar before it as decoration. */
export function WithAvatar({ user, children }: { user: AvatarProps['user']; children: ReactNode }) {
  return (
    <span className="with-avatar">
      <Avatar user={user} size="compact" />
      <span className="with-avatar-name">{children}</span>
    </span>
  );
}

/**
 * The logged-in user's avatar for the header: starts from the page's configuration and follows
 * every refresh of the users' queries (as after a new picture), without asking on each page.
 */
export function MyAvatar() {
  const me = config().user;
  const picture = useQuery({
    queryKey: [coreUserGetUsersByField.name, 'picture', me?.id ?? 0],
    queryFn: async () => (await call(coreUserGetUsersByField, { field: 'id', values: [me?.id ?? 0] }))[0]?.picture ?? 0,
    initialData: me?.picture ?? 0,
    staleTime: Infinity,
    enabled: me !== null,
  });
  if (!me) return null;
  return <Avatar user={{ id: me.id, fullname: me.fullname, picture: picture.data }} />;
}
