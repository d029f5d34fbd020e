import type { PublicSiteConfig } from './types';
import { apiGet, bearer } from './api-client';
import { type Availability, EnquiryFormTokenDto, profilePath, type PublicCalendarDto } from '@directory/domain';
import { profileSrcset } from './srcsets';
import type { Taxonomy } from './listing';
import type { AudioDto, Post, VideoDto } from './types';
import type { PageContext } from 'vike/types';
import { priceView } from './price-view';
import { repertoireView } from './repertoire-view';
import type { RepertoireItem } from '@directory/domain';

export type ProfileData = Awaited<ReturnType<typeof profileData>>;

/**
 * The profile page's data from a post: its media (fetched with the viewer's token, for drafts), its category path, and
 * the signed start time its enquiry form sends back (the API measures the time to fill the form from it).
 */
export async function profileData(pageContext: Pick<PageContext, 'i18n' | 'lang'>, origin: string, site: PublicSiteConfig, post: Post, tax: Taxonomy, accessToken?: string | null) {
  const t = (...args: Parameters<typeof pageContext.i18n._>) => pageContext.i18n._(...args);
  const headers = bearer(accessToken);
  const [videos, audios, form, calendar, repertoire] = await Promise.all([
    apiGet<VideoDto[]>(origin, `/api/videos/?postId=${post.id}`, headers),
    apiGet<AudioDto[]>(origin, `/api/audios/?postId=${post.id}`, headers),
    apiGet<EnquiryFormTokenDto>(origin, '/api/enquiries/form-token/'),
    // A draft has no public calendar: the profile is shown without one.
    post.status === 'publish' ? apiGet<PublicCalendarDto>(origin, `/api/posts/${post.id}/calendar/?months=3`).catch(() => null) : Promise.resolve(null),
    // Church musicians' repertoire; school listings have none.
    site.site === 'cliste' ? null : apiGet<RepertoireItem[]>(origin, `/api/posts/${post.id}/repertoire/`, headers),
  ]);
  const category = tax.categories.find((c) => c.slug === post.category_slug);
  const media = [
    ...(post.youtube1_id ? [{ id: post.youtube1_id, title: `${post.title} video` }] : []),
    ...(post.featured_audio_url ? [{ id: post.featured_audio_url, title: `${post.title} audio` }] : []),
    ...videos.body.filter((v) => v.youtube_id !== post.youtube1_id).map((v) => ({ id: v.youtube_id, title: v.title || `${post.title} video` })),
    ...audios.body.filter((a) => a.url !== post.featured_audio_url).map((a) => ({ id: a.url, title: a.title || `${post.title} audio` })),
  ];
  return {
    post: {
      id: post.id,
      title: post.title,
      content: post.content,
      status: post.status,
      category: { slug: post.category_slug, is_child: category?.is_child ?? false, parent_slug: category?.parent_slug ?? null },
      categoryName: post.category_name,
      countySlug: post.tag_slug,
      countyName: post.tag_name,
      area: post.vitals.area,
      priceLabel: post.price_label,
      image: post.images.map,
      imageSrcset: profileSrcset(post),
      youtubeId: post.youtube1_id,
      createdAt: post.created_at,
      latitude: post.vitals.latitude,
      longitude: post.vitals.longitude,
      priceDetails: post.price_details ?? null,
    },
    price: post.price_details ? priceView(post.price_details, t, pageContext.lang) : null,
    repertoire: repertoire ? repertoireView(repertoire.body, t) : null,
    media,
    enquiryToken: form.body.token,
    availability: calendar ? compactCalendar(calendar.body) : null,
    path: profilePath(site.site, { slug: post.slug, categorySlug: post.category_slug }),
  };
}

const LETTER: Record<string, string> = { 'free free': 'f', 'booked booked': 'b', 'unknown unknown': 'u', 'booked free': 'm', 'booked unknown': 'm', 'free booked': 'a', 'unknown booked': 'a' };

/**
 * A profile's next months of availability, one letter per day (f free, b booked, u unknown, m morning booked, a
 * afternoon booked), by month: the page's data goes to the browser with it, so it is kept short.
 */
export function compactCalendar(c: PublicCalendarDto): { updatedAt: string | null; fresh: boolean; months: { month: string; first: string; days: string }[] } {
  const months: { month: string; first: string; days: string }[] = [];
  for (const d of c.days) {
    const month = d.day.slice(0, 7);
    if (months.at(-1)?.month !== month) months.push({ month, first: d.day, days: '' });
    months.at(-1)!.days += LETTER[`${d.am} ${d.pm}`] ?? 'u';
  }
  return { updatedAt: c.updatedAt, fresh: c.fresh, months };
}

