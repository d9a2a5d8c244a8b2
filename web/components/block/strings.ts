/** The block_navigation strings the blocks show (one list, so they arrive in one call). */
export const BLOCK_STRINGS = [
  'pluginname',
  'settingsblock',
  'navigationtree',
  'settingstree',
  'blocks',
  'showblock',
  'hideblock',
  'dockblock',
  'undockblock',
  'openblock',
  'dock',
  'loadingbranch',
  'emptybranch',
  'branchfailed',
  'currentpage',
  'hiddenfromstudents',
] as const;
