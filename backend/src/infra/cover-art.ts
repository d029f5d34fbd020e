import { Injectable } from '@nestjs/common';
import sharp from 'sharp';

export interface CoverArtSpec {
  width: number;
  height: number;
  /** Large text on the image: the lister's initials or the article's first words. */
  title: string;
  subtitle: string;
  /** Seeds the colours, so the same listing always gets the same picture. */
  seed: string;
}

/** The art of a listing or an article: its initials large, its title small, colours drawn from `seed` (slug_extract, slug). */
export const coverArtSpec = (title: string, seed: string, width: number, height: number): CoverArtSpec => ({ width, height, title: initials(title), subtitle: title, seed });

/** Colour pairs dark enough for white text at AA contrast. */
const PALETTES = [
  ['#1d4e5f', '#2f7d8c'],
  ['#5b2c6f', '#8e44ad'],
  ['#7b341e', '#b4451f'],
  ['#22543d', '#2f855a'],
  ['#2a4365', '#3c6e9f'],
  ['#702459', '#a23b72'],
  ['#44337a', '#6b46c1'],
  ['#234e52', '#319795'],
];

/**
 * Renders cover art (a coloured card with the lister's initials and name) as WebP. Listings without an
 * uploaded photo get one of these at every size the site asks for. The only file that imports sharp.
 */
@Injectable()
export class CoverArtRenderer {
  async render(spec: CoverArtSpec): Promise<Buffer> {
    const [from, to] = PALETTES[hash(spec.seed) % PALETTES.length];
    const { width: w, height: h } = spec;
    const big = Math.round(Math.min(w, h) * 0.3);
    const small = Math.max(18, Math.round(w * 0.035));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.35}" fill="#ffffff" fill-opacity="0.08"/>
  <text x="50%" y="48%" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${big}" fill="#ffffff">${escapeXml(spec.title)}</text>
  <text x="50%" y="${Math.round(h * 0.78)}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${small}" fill="#ffffff">${escapeXml(truncate(spec.subtitle, 48))}</text>
</svg>`;
    return sharp(Buffer.from(svg)).webp({ quality: 72 }).toBuffer();
  }

  /**
   * Whether a stored picture is the art this spec draws, byte for byte (drawing is deterministic): drawn art, which a
   * new title must replace, rather than an uploaded photo, which it must not. Art drawn by an older renderer does not
   * match, and stays (as all drawn art did before).
   */
  async drew(image: Buffer, spec: CoverArtSpec): Promise<boolean> {
    return image.equals(await this.render(spec));
  }

  /**
   * An uploaded photo as a cover: turned upright (EXIF), cropped to fill width x height around its most striking part,
   * as WebP without its metadata (camera, place). Null when the bytes are not an image sharp can read.
   */
  async photo(image: Buffer, width: number, height: number): Promise<Buffer | null> {
    try {
      return await sharp(image, { limitInputPixels: 50_000_000 }).rotate().resize(width, height, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }).toBuffer();
    } catch {
      return null;
    }
  }
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/**
 * What XML 1.0 cannot hold, even escaped: control characters but tab and line ends, U+FFFE and U+FFFF, and lone
 * surrogates (a title may hold any of them, and truncating or taking an initial can split a pair). One of them in the
 * drawing makes the SVG unreadable, so they are left out; a title without them is drawn exactly as before.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const escapeXml = (s: string) => s.replace(NOT_XML, '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** 'Aoife Byrne - Soprano' -> 'AB'; 'The Liffey Strings' -> 'LS'. */
export function initials(title: string): string {
  return title
    .split(' - ')[0]
    .split(/\s+/)
    .filter((w) => /^[\p{L}\d]/u.test(w) && w !== 'The')
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}
