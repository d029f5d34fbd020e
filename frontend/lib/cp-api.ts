import type {
  AccountDto,
  AccountUpdateInput,
  AudioDto,
  CategoryDto,
  CountyDto,
  ErrorBody,
  InboxEnquiryDto,
  MemberStatsDto,
  MyPostDto,
  MyReviewDto,
  ReviewReportReason,
  NewPostInput,
  PostDto,
  PostInput,
  VideoDto,
} from '@directory/domain';
import { ACCESS_KEY, authFetch, renewSession } from './session';

/**
 * The control panel's calls to the API (docs/api.md, "Control panel"), as the signed-in member. Every call
 * answers instead of throwing: `ok`, the status, the parsed body (an error body when not ok) and X-Total-Count.
 * A network failure is status 0, so the pages can roll back and say so.
 */
export interface CpAnswer<T> {
  ok: boolean;
  status: number;
  body: T;
  error: Partial<ErrorBody>;
  total: number | null;
}

async function call<T>(apiOrigin: string, method: string, path: string, body?: unknown): Promise<CpAnswer<T>> {
  try {
    const res = await authFetch(`${apiOrigin}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? JSON.parse(text) : {};
    const total = res.headers.get('X-Total-Count');
    return { ok: res.ok, status: res.status, body: parsed as T, error: res.ok ? {} : parsed, total: total === null ? null : Number(total) };
  } catch {
    return { ok: false, status: 0, body: {} as T, error: {}, total: null };
  }
}

/** Field -> message from a refusal: every field of `errors`, else the one `field` with the message. */
export function fieldErrors(error: Partial<ErrorBody>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const e of error.errors ?? []) found[e.field] ??= e.message;
  if (!error.errors?.length && error.field && error.message) found[error.field] = error.message;
  return found;
}

export const cpApi = (apiOrigin: string) => ({
  me: () => call<AccountDto>(apiOrigin, 'GET', '/api/me/'),
  myPosts: () => call<MyPostDto[]>(apiOrigin, 'GET', '/api/me/posts/'),
  createPost: (input: NewPostInput) => call<PostDto>(apiOrigin, 'POST', '/api/posts/', input),
  updatePost: (slug: string, input: PostInput) => call<PostDto>(apiOrigin, 'PUT', `/api/posts/${slug}/`, input),
  deletePost: (slug: string) => call<void>(apiOrigin, 'DELETE', `/api/posts/${slug}/`),
  categories: () => call<CategoryDto[]>(apiOrigin, 'GET', '/api/categories/'),
  counties: () => call<CountyDto[]>(apiOrigin, 'GET', '/api/counties/'),
  videos: (postId: number) => call<VideoDto[]>(apiOrigin, 'GET', `/api/videos/?postId=${postId}`),
  audios: (postId: number) => call<AudioDto[]>(apiOrigin, 'GET', `/api/audios/?postId=${postId}`),
  addVideo: (postId: number, url: string) => call<VideoDto>(apiOrigin, 'POST', '/api/videos/', { postId, url }),
  addAudio: (postId: number, url: string) => call<AudioDto>(apiOrigin, 'POST', '/api/audios/', { postId, url }),
  deleteVideo: (id: number) => call<void>(apiOrigin, 'DELETE', `/api/videos/${id}/`),
  deleteAudio: (id: number) => call<void>(apiOrigin, 'DELETE', `/api/audios/${id}/`),
  enquiries: (page: number) => call<InboxEnquiryDto[]>(apiOrigin, 'GET', `/api/enquiries/?page=${page}`),
  markEnquiry: (id: number, read: boolean) => call<InboxEnquiryDto>(apiOrigin, 'PUT', `/api/enquiries/${id}/`, { read }),
  deleteEnquiry: (id: number) => call<void>(apiOrigin, 'DELETE', `/api/enquiries/${id}/`),
  markBooked: (id: number, booked: boolean) => call<InboxEnquiryDto>(apiOrigin, 'PUT', `/api/enquiries/${id}/booked/`, { booked }),
  reviews: (page: number) => call<MyReviewDto[]>(apiOrigin, 'GET', `/api/me/reviews/?page=${page}`),
  reply: (id: number, text: string) => call<MyReviewDto>(apiOrigin, 'PUT', `/api/me/reviews/${id}/reply/`, { text }),
  deleteReply: (id: number) => call<void>(apiOrigin, 'DELETE', `/api/me/reviews/${id}/reply/`),
  moreTime: (id: number) => call<MyReviewDto>(apiOrigin, 'POST', `/api/me/reviews/${id}/more-time/`),
  report: (id: number, reason: ReviewReportReason, note: string) => call<MyReviewDto>(apiOrigin, 'POST', `/api/me/reviews/${id}/report/`, note ? { reason, note } : { reason }),
  stats: (postId?: number) => call<MemberStatsDto>(apiOrigin, 'GET', `/api/stats/?page=0${postId ? `&postId=${postId}` : ''}`),
  updateAccount: (id: number, input: AccountUpdateInput) => call<AccountDto>(apiOrigin, 'PUT', `/api/users/${id}/`, input),
  confirmEmail: (id: number, code: string) => call<AccountDto>(apiOrigin, 'POST', `/api/users/${id}/email/`, { code }),
  deleteAccount: (id: number, password: string) => call<void>(apiOrigin, 'DELETE', `/api/users/${id}/`, { password }),
  /** The member's data as the JSON file the API sends (a Blob, so the page can offer it as a download). */
  exportData: async (id: number): Promise<Blob | null> => {
    try {
      const res = await authFetch(`${apiOrigin}/api/users/${id}/export/`);
      return res.ok ? await res.blob() : null;
    } catch {
      return null;
    }
  },
});

/**
 * PUT /api/posts/{slug}/photo/ as multipart with upload progress (0-1), which fetch() cannot report: hence
 * XMLHttpRequest. A 401 renews the session once and sends again, like authFetch.
 */
export function uploadPhoto(apiOrigin: string, slug: string, file: File, onProgress: (share: number) => void): Promise<CpAnswer<PostDto>> {
  const send = () =>
    new Promise<CpAnswer<PostDto>>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', `${apiOrigin}/api/posts/${slug}/photo/`);
      xhr.setRequestHeader('Accept', 'application/json');
      const token = localStorage.getItem(ACCESS_KEY);
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let parsed: unknown = {};
        try {
          parsed = xhr.responseText ? JSON.parse(xhr.responseText) : {};
        } catch {
          parsed = {};
        }
        const ok = xhr.status >= 200 && xhr.status < 300;
        resolve({ ok, status: xhr.status, body: parsed as PostDto, error: ok ? {} : (parsed as Partial<ErrorBody>), total: null });
      };
      xhr.onerror = () => resolve({ ok: false, status: 0, body: {} as PostDto, error: {}, total: null });
      const form = new FormData();
      form.append('photo', file);
      xhr.send(form);
    });
  return send().then(async (first) => (first.status === 401 && (await renewSession()) === 'renewed' ? send() : first));
}
