/**
 * Reading the media links listers paste: any YouTube URL form or a bare id, and SoundCloud links. Plain patterns, not
 * URL objects: this package is shared with the browser and the server and declares neither's globals.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** https://(www|m|music.)youtube(-nocookie).com/… or youtu.be/…; the scheme may be left out. */
const YOUTUBE_URL = /^(?:https?:\/\/)?(?:(?:www\.|m\.|music\.)?youtube(?:-nocookie)?\.com|(?:www\.)?youtu\.be)(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/i;

/**
 * The 11-character video id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/, /v/) or of a bare id;
 * null when it is neither.
 */
export function youtubeId(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  const m = YOUTUBE_URL.exec(text);
  if (!m) return null;
  const path = (m[1] ?? '').split('/');
  const query = m[2] ?? '';
  let id: string | null = null;
  if (/youtu\.be/i.test(text.split(/[/?#]/, 3).join('/'))) id = path[1] ?? null;
  else if (path[1] === 'watch') id = /[?&]v=([^&]*)/.exec(query)?.[1] ?? null;
  else if (['embed', 'shorts', 'live', 'v', 'e'].includes(path[1] ?? '')) id = path[2] ?? null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

const SOUNDCLOUD_URL = /^https:\/\/(?:www\.|m\.|on\.)?soundcloud\.com\/[^\s?#]+(?:\?[^\s#]*)?(?:#\S*)?$/i;

/** An https link to something on SoundCloud (a track or a set): the only audio the profile's player plays. */
export const isSoundCloudUrl = (input: string): boolean => SOUNDCLOUD_URL.test(input.trim());
