import type { FastifyRequest } from 'fastify';

export interface UploadForm {
  fields: Record<string, string>;
  /** The form's file (the last one, if several were sent). */
  upload?: { filename: string; content: Buffer };
  /** The name of a file over the route's size limit: nothing of it was kept. */
  tooLarge?: string;
}

/** Reads a multipart form: its text fields and its file, stopping at a file over the size limit. */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw error;
      });
      if (content === null) return { ...form, tooLarge: part.filename };
      form.upload = { filename: part.filename, content };
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
