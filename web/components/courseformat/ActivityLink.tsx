import { Link } from 'react-router';

/** Activity URLs come from the server as absolute site URLs; inside the app they are routed. */
export function ActivityLink({ url, name }: { url: string; name: string }) {
  const parsed = new URL(url, window.location.origin);
  if (parsed.origin !== window.location.origin) return <a href={url}>{name}</a>;
  return <Link to={parsed.pathname + parsed.search}>{name}</Link>;
}
