import type { PageConfig } from '../../api/types';

export interface PageError {
  errorcode: string;
  message: string;
}

export type ClientConfig = PageConfig & { pageerror?: PageError };

declare global {
  interface Window {
    M?: { cfg?: ClientConfig };
  }
}

const fallback: ClientConfig = {
  wwwroot: '',
  sesskey: '',
  jsrev: -1,
  templaterev: -1,
  themerev: -1,
  userid: 0,
  theme: 'boost',
  sitename: '',
  lang: 'en',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  developerdebug: false,
  user: null,
  notifications: [],
};

/** The page configuration the server wrote into the page as `M.cfg`. */
export function config(): ClientConfig {
  return window.M?.cfg ?? fallback;
}
