import { useState } from 'react';
import { initials } from '../../user/Avatar';

/** A participant's picture beside their name (decoration), or their initials when there is none or it cannot be loaded. */
export function UserPicture({ url, fullname, large = false }: { url: string | undefined; fullname: string; large?: boolean }) {
  const [failed, setFailed] = useState('');
  const className = `grader-userpic${large ? ' grader-userpic-large' : ''}`;
  if (url && failed !== url) return <img className={className} src={url} alt="" onError={() => setFailed(url)} />;
  return (
    <span className={`${className} grader-userpic-initials`} aria-hidden="true">
      {initials(fullname)}
    </span>
  );
}
