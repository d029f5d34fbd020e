import type {
  AccountDto,
  AccountUpdateInput,
  AudioDto,
  CategoryDto,
  CountyDto,
  InboxEnquiryDto,
  MemberStatsDto,
  MyPostDto,
  NewPostInput,
  PostDto,
  PostInput,
  VideoDto,
} from '@directory/domain';
import { useMemo } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { siteApi } from '../../lib/browser-api';

/**
 * The control panel's calls to the API (docs/api.md, "Control panel"), as the signed-in member, through the site's
 * one client: every call answers instead of throwing (lib/api-client.ts ApiAnswer; a network failure is status 0, so
 * the pages can roll back and say so).
 */
export function cpApi(apiOrigin: string) {
  const { call } = siteApi(apiOrigin);
  return {
    me: () => call<AccountDto>('GET', '/api/me/'),
    myPosts: () => call<MyPostDto[]>('GET', '/api/me/posts/'),
    createPost: (input: NewPostInput) => call<PostDto>('POST', '/api/posts/', input),
    updatePost: (slug: string, input: PostInput) => call<PostDto>('PUT', `/api/posts/${slug}/`, input),
    deletePost: (slug: string) => call<void>('DELETE', `/api/posts/${slug}/`),
    categories: () => call<CategoryDto[]>('GET', '/api/categories/'),
    counties: () => call<CountyDto[]>('GET', '/api/counties/'),
    videos: (postId: number) => call<VideoDto[]>('GET', `/api/videos/?postId=${postId}`),
    audios: (postId: number) => call<AudioDto[]>('GET', `/api/audios/?postId=${postId}`),
    addVideo: (postId: number, url: string) => call<VideoDto>('POST', '/api/videos/', { postId, url }),
    addAudio: (postId: number, url: string) => call<AudioDto>('POST', '/api/audios/', { postId, url }),
    deleteVideo: (id: number) => call<void>('DELETE', `/api/videos/${id}/`),
    deleteAudio: (id: number) => call<void>('DELETE', `/api/audios/${id}/`),
    enquiries: (page: number) => call<InboxEnquiryDto[]>('GET', `/api/enquiries/?page=${page}`),
    markEnquiry: (id: number, read: boolean) => call<InboxEnquiryDto>('PUT', `/api/enquiries/${id}/`, { read }),
    deleteEnquiry: (id: number) => call<void>('DELETE', `/api/enquiries/${id}/`),
    stats: (postId?: number) => call<MemberStatsDto>('GET', `/api/stats/?page=0${postId ? `&postId=${postId}` : ''}`),
    updateAccount: (id: number, input: AccountUpdateInput) => call<AccountDto>('PUT', `/api/users/${id}/`, input),
    confirmEmail: (id: number, code: string) => call<AccountDto>('POST', `/api/users/${id}/email/`, { code }),
    deleteAccount: (id: number, password: string) => call<void>('DELETE', `/api/users/${id}/`, { password }),
    /** The member's data as the JSON file the API sends (a Blob, so the page can offer it as a download). */
    exportData: async (id: number): Promise<Blob | null> => {
      const answer = await call<unknown>('GET', `/api/users/${id}/export/`);
      return answer.ok ? new Blob([answer.text], { type: 'application/json' }) : null;
    },
  };
}

/** The control panel's API calls for this site, as the signed-in member. */
export function useCpApi() {
  const { site } = usePageContext();
  return useMemo(() => cpApi(site.apiOrigin), [site.apiOrigin]);
}
