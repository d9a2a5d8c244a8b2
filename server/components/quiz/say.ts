import { userDate } from '../../platform/lang/userdate';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';

export type Say = (id: string, a?: unknown) => string;

/** The caller's mod_quiz strings. */
export function sayFor(ctx: CallContext): Say {
  return (id, a) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
}

/** Times as the caller's rule texts show them: in their language and timezone. */
export function datesFor(ctx: CallContext): (t: number) => string {
  return (t) => userDate(t, { lang: ctx.lang, timezone: ctx.user?.timezone }, 'fulldatetime');
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
