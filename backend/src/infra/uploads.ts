import type { FastifyRequest } from 'fastify';

/** The largest file a multipart upload may carry (a listing photo). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The routes that read a multipart/form-data body (as declared); every other route refuses one with 415. */
export const UPLOAD_ROUTES = new Set(['/api/posts/:slug/photo']);

export interface Upload {
  data: Buffer;
  /** As the browser declared it. */
  mimetype: string;
}

export type UploadProblem = 'missing' | 'too_large';

export class UploadError extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem);
  }
}

/**
 * The one file of a multipart/form-data request in the named field (@fastify/multipart, registered in the app
 * factory with MAX_UPLOAD_BYTES). UploadError when there is none or it is larger than the limit.
 */
export async function readUpload(req: FastifyRequest, field: string): Promise<Upload> {
  if (!req.isMultipart()) throw new UploadError('missing');
  let file;
  try {
    file = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  } catch (err) {
    throw tooLarge(err) ? new UploadError('too_large') : new UploadError('missing');
  }
  if (!file || file.fieldname !== field) throw new UploadError('missing');
  try {
    return { data: await file.toBuffer(), mimetype: file.mimetype };
  } catch (err) {
    if (tooLarge(err)) throw new UploadError('too_large');
    throw err;
  }
}

const tooLarge = (err: unknown) => (err as { statusCode?: number }).statusCode === 413;
