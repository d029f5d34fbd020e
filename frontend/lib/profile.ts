import { COPY } from './copy';
import type { ProfileMatch } from './routes';
import type { Site } from './types';

export { matchProfile, type ProfileMatch } from './routes';

/** A path variant only exists on its own site (and a multi path only under the post's own category). */
export function variantAllowed(m: ProfileMatch, site: Site, postCategorySlug: string): boolean {
  if (m.variant === 'cliste') return site === 'cliste';
  if (m.variant === 'multi') return site === 'multi' && m.categorySlug === postCategorySlug;
  return true;
}

/** The first 22 words of a profile's content: the video description for search engines. */
export function firstWords(text: string, count = 22): string {
  const words = text.replace(/<[^>]*>/g, ' ').split(/\s+/).filter(Boolean);
  return words.slice(0, count).join(' ');
}

/** The prefilled messaging-app greeting of the mobile footer: wedding music (church) or the visit/workshop (cliste). */
export function greeting(site: Site, title: string, url: string): string {
  const about = site === 'cliste' ? 'a school visit or workshop' : 'music for our wedding ceremony';
  return `Hi ${title}, I found you on ${COPY[site].siteName} (${url}) and I'd like to ask about ${about}.`;
}

export const AUDIO_SITE = 'https://soundcloud.com/';

/** The embedded player of a media id: an audio-streaming player for audio-site URLs, otherwise YouTube (privacy-enhanced host). */
export function playerSrc(media: string): { kind: 'audio' | 'video'; src: string } {
  if (media.startsWith(AUDIO_SITE)) {
    return { kind: 'audio', src: `https://w.soundcloud.com/player/?url=${encodeURIComponent(media)}&auto_play=true&visual=true` };
  }
  return { kind: 'video', src: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(media)}?autoplay=1&rel=0` };
}
