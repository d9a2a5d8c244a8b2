/** The core_enrol strings the participants screens show (one list, so they arrive in one call). */
export const ENROL_STRINGS = [
  'participants',
  'enrolusers',
  'enrolselected',
  'selectusers',
  'searchusers',
  'nousersfound',
  'assignrole',
  'startingfrom',
  'enrolmentends',
  'keyword',
  'searchparticipants',
  'roles',
  'norole',
  'groups',
  'nogroup',
  'lastaccess',
  'never',
  'status',
  'active',
  'suspended',
  'notcurrent',
  'allstatuses',
  'allroles',
  'filterbyrole',
  'filterbystatus',
  'firstname',
  'lastname',
  'email',
  'select',
  'selectall',
  'selectedcount',
  'withselected',
  'unenrolselected',
  'unenrolusersconfirm',
  'unenrolusersmessage',
  'unenrolusersbutton',
  'actionsfor',
  'editenrolment',
  'editenrolmentfor',
  'unenrol',
  'unenrolconfirm',
  'unenrolmessage',
  'unenrolbutton',
  'unenrolled',
  'unenrolledcount',
  'enrolled',
  'editroles',
  'editrolesbutton',
  'savechanges',
  'cancel',
  'rolessaved',
  'enrolmentsaved',
  'enrolmentmethods',
  'selfenrolenable',
  'enrolkey',
  'enrolkeyhelp',
  'enrolstartdate',
  'enrolenddate',
  'methodssaved',
  'noparticipants',
  'noparticipantsyet',
  'perpage',
  'participantcount',
  'participantcount_one',
  'method',
  'timestart',
  'timeend',
  'enroltimeendinvalid',
  'removeuser',
  'emptyselection',
  'pluginname_manual',
  'pluginname_self',
] as const;

/** Unix seconds from an `<input type="date">` value (local midnight), 0 when empty. */
export function dateToSeconds(value: string): number {
  if (!value) return 0;
  const [y, m, d] = value.split('-').map(Number);
  return Math.floor(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime() / 1000);
}

/** The `<input type="date">` value of Unix seconds, '' for 0. */
export function secondsToDate(seconds: number): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
