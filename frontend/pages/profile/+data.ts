import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { ApiError, apiGet, query } from '../../lib/api';
import { profilePath } from '../../lib/listing';
import { variantAllowed } from '../../lib/profile';
import { getTaxonomy } from '../../lib/taxonomy.server';
import type { MediaItem, Post } from '../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Runs on the server: the published post (drafts and hidden posts answer 404 from the API) and its media. */
export async function data(pageContext: PageContext) {
  const { site, apiInternalOrigin: origin } = pageContext;
  const params = pageContext.routeParams as { slug: string; variant: '' | 'cliste' | 'multi'; categorySlug: string };
  let post: Post;
  try {
    [post] = (await apiGet<Post[]>(origin, `/api/posts/${query({ postSlug: params.slug })}`)).body;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) throw render(404);
    throw err;
  }
  if (!variantAllowed({ slug: params.slug, variant: params.variant || null, categorySlug: params.categorySlug || null }, site.site, post.category_slug)) {
    throw render(404);
  }
  const [videos, audios, tax] = await Promise.all([
    apiGet<MediaItem[]>(origin, `/api/videos/?postId=${post.id}`),
    apiGet<MediaItem[]>(origin, `/api/audios/?postId=${post.id}`),
    getTaxonomy(origin),
  ]);
  const category = tax.categories.find((c) => c.slug === post.category_slug);
  const media = [
    ...(post.youtube1_id ? [{ id: post.youtube1_id, title: `${post.title} video` }] : []),
    ...(post.featured_audio_url ? [{ id: post.featured_audio_url, title: `${post.title} audio` }] : []),
    ...videos.body.filter((v) => v.youtube_id !== post.youtube1_id).map((v) => ({ id: v.youtube_id!, title: v.title || `${post.title} video` })),
    ...audios.body.filter((a) => a.url !== post.featured_audio_url).map((a) => ({ id: a.url!, title: a.title || `${post.title} audio` })),
  ];
  return {
    post: {
      id: post.id,
      title: post.title,
      content: post.content,
      category: { slug: post.category_slug, is_child: category?.is_child ?? false, parent_slug: category?.parent_slug ?? null },
      categoryName: post.category_name,
      countySlug: post.tag_slug,
      countyName: post.tag_name,
      area: post.vitals.area,
      priceLabel: post.price_label,
      image: post.images.map,
      youtubeId: post.youtube1_id,
      createdAt: post.created_at,
    },
    media,
    path: profilePath(site.site, { slug: post.slug, categorySlug: post.category_slug }),
  };
}
