import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';

export type Say = (id: string, a?: unknown) => string;

/** The caller's mod_quiz strings. */
export function sayFor(ctx: CallContext): Say {
  return (id, a) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
}

/** A time as the rule texts show it (the site runs in UTC). */
export function dateText(t: number): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(t * 1000)) + ' UTC';
}

/** A time limit as words: "1 hour 30 minutes". */
export function durationText(say: Say, seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const parts: string[] = [];
  if (hours) parts.push(say(hours === 1 ? 'onehour' : 'numhours', hours));
  if (minutes) parts.push(say(minutes === 1 ? 'oneminute' : 'numminutes', minutes));
  if (secs || parts.length === 0) parts.push(say('numseconds', secs));
  return parts.join(' ');
}
