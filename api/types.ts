import { z } from 'zod';

/**
 * Moodle's cleaning of scalars: integers may arrive as numbers or digit strings (form-encoded REST
 * calls send everything as text); a value that would change when cleaned is refused.
 */
export const wsInt = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)])
  .pipe(z.number().int())
  .meta({ title: 'int' });

/** Booleans accept true/false, 0/1 and "0"/"1". */
export const wsBool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .meta({ title: 'bool' });

/** Floats may arrive as numbers or numeric strings. */
export const wsFloat = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)])
  .pipe(z.number())
  .meta({ title: 'float' });

export const warningSchema = z.object({
  item: z.string().optional(),
  itemid: z.number().optional(),
  warningcode: z.string(),
  message: z.string(),
});
export type Warning = z.infer<typeof warningSchema>;

/** What the server puts in every HTML page as `M.cfg`. */
export interface PageConfig {
  wwwroot: string;
  sesskey: string;
  jsrev: number;
  templaterev: number;
  themerev: number;
  userid: number;
  theme: string;
  sitename: string;
  /** The language pack the page is in (`es`, `pt_br`): the user's preference, else the site's default. */
  lang: string;
  /** The IANA zone the user's dates and times are shown in. */
  timezone: string;
  /** 1 when a site admin has developer debugging on: the client shows debuginfo and backtraces. */
  developerdebug: boolean;
  /** The logged-in user, or null on the login page; picture is the revision of their picture (0: none). */
  user: { id: number; fullname: string; isadmin: boolean; picture?: number } | null;
  /** Notifications queued before the page was served. */
  notifications: Array<{ message: string; type: 'success' | 'info' | 'warning' | 'error' }>;
  /** Set while someone is "logged in as" this user: who they really are, and the one course it is limited to (null: the whole site). */
  loginas?: LoginAsInfo | null;
}

export interface LoginAsInfo {
  realuser: { id: number; fullname: string };
  course: { id: number; fullname: string } | null;
}
