/** What the blocks need to know of the page they sit on (0 for none). */
export interface BlockPage {
  courseid: number;
  cmid: number;
  contextid: number;
}

type Rule = { param: string; as: keyof BlockPage };

/** Pages whose query names their course, activity or context, and by which parameter. */
const RULES: ReadonlyArray<[RegExp, Rule[]]> = [
  [/^\/mod\/[a-z0-9]+\/view\.php$/, [{ param: 'id', as: 'cmid' }]],
  [/^\/mod\/quiz\/report\.php$|^\/mod\/feedback\/(edit|complete|analysis)\.php$/, [{ param: 'id', as: 'cmid' }]],
  [/^\/mod\/quiz\/(edit|attempt|summary|review)\.php$/, [{ param: 'cmid', as: 'cmid' }]],
  [/^\/course\/modedit\.php$/, [{ param: 'update', as: 'cmid' }, { param: 'course', as: 'courseid' }]],
  [
    /^\/course\/(view|edit)\.php$|^\/user\/index\.php$|^\/enrol\/index\.php$|^\/group\/(index|groupings)\.php$|^\/grade\/report\/(user|grader)\/index\.php$/,
    [{ param: 'id', as: 'courseid' }],
  ],
  [/^\/question\/edit\.php$|^\/blocks\/configurable_reports\/managereport\.php$/, [{ param: 'courseid', as: 'courseid' }]],
  [/^\/admin\/roles\/(permissions|assign|check)\.php$/, [{ param: 'contextid', as: 'contextid' }]],
];

/** The course, activity or context a page is about, read from its address. */
export function blockPageOf(pathname: string, search: string): BlockPage {
  const params = new URLSearchParams(search);
  const page: BlockPage = { courseid: 0, cmid: 0, contextid: 0 };
  const rules = RULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  for (const rule of rules) {
    const value = Number(params.get(rule.param));
    if (Number.isInteger(value) && value > 0) page[rule.as] = value;
  }
  return page;
}

/**
 * Whether a node's link is the page being shown: same path, and every parameter of the link present
 * with the same value. A link to a part of a page (#section-2) is never the page itself.
 */
export function isCurrentLink(link: string, location: { pathname: string; search: string }, origin: string): boolean {
  const url = new URL(link, origin);
  if (url.origin !== origin || url.hash || url.pathname !== location.pathname) return false;
  const here = new URLSearchParams(location.search);
  return [...url.searchParams].every(([key, value]) => here.get(key) === value);
}
