import type { PostDto } from '@directory/domain';
import { type ApiAnswer, createApiClient, type Transport } from './api-client';
import { session } from './browser-api';

/*
 * A photo's upload, the one call of the site that reports progress: the one API client over XMLHttpRequest, in a
 * module of its own so that only the editor's photo section loads it.
 */

/** XMLHttpRequest as a transport, for its upload progress (0-1), which fetch() cannot report. */
const xhrTransport =
  (onProgress: (share: number) => void): Transport =>
  ({ method, url, headers, body }) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => resolve({ status: xhr.status, totalCount: xhr.getResponseHeader('X-Total-Count'), text: xhr.responseText });
      xhr.onerror = () => reject(new Error(`${method} ${url} failed`));
      xhr.send(body ?? null);
    });

/** PUT /api/posts/{slug}/photo/ as multipart with upload progress, renewed once after a 401 like every call. */
export function uploadPhoto(apiOrigin: string, slug: string, file: File, onProgress: (share: number) => void): Promise<ApiAnswer<PostDto>> {
  const form = new FormData();
  form.append('photo', file);
  return createApiClient(xhrTransport(onProgress), apiOrigin, session).call<PostDto>('PUT', `/api/posts/${slug}/photo/`, undefined, { form });
}
