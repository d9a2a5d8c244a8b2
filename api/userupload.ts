import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

/** The columns a users CSV may have, with Moodle's names; `username` is required, the rest optional. */
export const UPLOAD_COLUMNS = [
  'username',
  'password',
  'firstname',
  'lastname',
  'email',
  'idnumber',
  'institution',
  'department',
  'phone1',
  'phone2',
  'city',
  'country',
  'lang',
  'timezone',
  'description',
  'suspended',
] as const;
export type UploadColumn = (typeof UPLOAD_COLUMNS)[number];

/** addnew: create new usernames, skip existing ones; addupdate: create or update; update: update existing only. */
export const UPLOAD_MODES = ['addnew', 'addupdate', 'update'] as const;
export type UploadMode = (typeof UPLOAD_MODES)[number];

export const UPLOAD_DELIMITERS = ['comma', 'semicolon', 'colon', 'tab'] as const;
export type UploadDelimiter = (typeof UPLOAD_DELIMITERS)[number];

/** The friendly limits (a clear error beyond them); the request body itself is capped at 8 MB. */
export const UPLOAD_MAX_CHARS = 5 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 10_000;

const fileArgs = {
  content: z.string().max(8 * 1024 * 1024),
  delimiter: z.enum(UPLOAD_DELIMITERS).default('comma'),
  mode: z.enum(UPLOAD_MODES).default('addnew'),
};

const rowErrorSchema = z.object({ field: z.string(), message: z.string() });

export const uploadPreviewRowSchema = z.object({
  line: z.number(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  action: z.enum(['create', 'update', 'skip', 'error']),
  errors: z.array(rowErrorSchema),
  /** Why a row is skipped (empty otherwise). */
  note: z.string(),
});

export const coreUserPreviewUpload = contract({
  name: 'core_user_preview_upload',
  component: 'core_user',
  description:
    'Check a users CSV without writing anything: what each row would do (create, update, skip) or every error it has, per field. The header row names the columns (username, password, firstname, lastname, email, idnumber, institution, department, phone1, phone2, city, country, lang, timezone, description, suspended); unknown columns refuse the file. Needs moodle/site:uploadusers in the system context.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:uploadusers'],
  args: z.strictObject(fileArgs),
  returns: z.object({
    columns: z.array(z.string()),
    total: z.number(),
    counts: z.object({ create: z.number(), update: z.number(), skip: z.number(), error: z.number() }),
    rows: z.array(uploadPreviewRowSchema),
  }),
});

export const uploadStateSchema = z.object({
  uploadid: z.number(),
  mode: z.enum(UPLOAD_MODES),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  failed: z.number(),
  finished: z.boolean(),
});

export const coreUserStartUpload = contract({
  name: 'core_user_start_upload',
  component: 'core_user',
  description:
    'Store a users CSV for uploading and answer its upload id; nothing is written to users yet. Refuses a file the preview would refuse (unknown columns, too large, no rows). Then call core_user_process_upload until finished.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/site:uploadusers'],
  args: z.strictObject(fileArgs),
  returns: uploadStateSchema,
});

export const coreUserProcessUpload = contract({
  name: 'core_user_process_upload',
  component: 'core_user',
  description:
    'Upload the next batch of rows of a stored users CSV, checked again against the site as it is now: valid rows are created or updated, rows with errors are recorded as failed. Each batch is all or nothing. Answers the progress; only the user who started the upload may continue it.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/site:uploadusers'],
  args: z.strictObject({ uploadid: wsInt }),
  returns: uploadStateSchema,
});

export const coreUserGetUpload = contract({
  name: 'core_user_get_upload',
  component: 'core_user',
  description: "An upload's progress and a page of its failed rows with their errors; only for the user who started it.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:uploadusers'],
  args: z.strictObject({
    uploadid: wsInt,
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(500)).default(50),
  }),
  returns: uploadStateSchema.extend({
    failures: z.array(z.object({ line: z.number(), username: z.string(), errors: z.array(rowErrorSchema) })),
  }),
});
