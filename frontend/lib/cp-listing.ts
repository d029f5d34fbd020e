import { CategoryDto, INPUT_LIMITS, isSoundCloudUrl, PostDto, PostInput, PriceType, Site, youtubeId } from '@directory/domain';
import { checkPrice, priceFormOf, priceInput, readPriceForm } from './cp-price';

/** What the listing editor's fields hold: strings as typed, so nothing typed is lost to a conversion. */
export interface ListingForm {
  title: string;
  content: string;
  category: string;
  tag_slug: string;
  price: PriceType;
  youtube1_id: string;
  featured_audio_url: string;
  area: string;
  latitude: string;
  longitude: string;
  /** What the price includes, as the editor's PriceForm in JSON (lib/cp-price.ts); '' for none. */
  price_details: string;
}

export type ListingField = keyof ListingForm;

/** What the category picker needs of a category. */
export type CategoryChoice = Pick<CategoryDto, 'id' | 'name' | 'slug'>;

export const EMPTY_LISTING: ListingForm = {
  title: '',
  content: '',
  category: '',
  tag_slug: '',
  price: 'charge',
  youtube1_id: '',
  featured_audio_url: '',
  area: '',
  latitude: '',
  longitude: '',
  price_details: '',
};

/** The API's own limits (the same numbers refuse a post there). */
export const TITLE_MIN = INPUT_LIMITS.postTitleMin;
export const TITLE_MAX = INPUT_LIMITS.postTitleMax;
export const CONTENT_MAX = INPUT_LIMITS.postContentMax;
export const AREA_MAX = INPUT_LIMITS.postAreaMax;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The editor's own messages (the spec gives none for the control panel). */
export const LISTING_MSG = {
  title: `Please enter a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  content: `Please keep the description under ${CONTENT_MAX.toLocaleString('en-IE')} characters.`,
  category: 'Please choose a category.',
  county: 'Please choose a county.',
  youtube: 'Please paste a YouTube link (or its 11-character video id).',
  soundcloud: 'Please paste a SoundCloud link starting with https://soundcloud.com/.',
  latitude: 'Please enter a latitude between 51 and 56 (Ireland).',
  longitude: 'Please enter a longitude between -11 and -5 (Ireland).',
  photoType: 'Please choose a JPEG, PNG or WebP photo.',
  photoSize: 'Please choose a photo of at most 10 MB.',
} as const;

export const fromPost = (p: PostDto): ListingForm => ({
  title: p.title,
  content: p.content,
  category: String(p.category),
  tag_slug: p.tag_slug,
  price: p.price,
  youtube1_id: p.youtube1_id ?? '',
  featured_audio_url: p.featured_audio_url ?? '',
  area: p.vitals.area ?? '',
  latitude: p.vitals.latitude === null ? '' : String(p.vitals.latitude),
  longitude: p.vitals.longitude === null ? '' : String(p.vitals.longitude),
  price_details: priceFormOf(p.price_details),
});

const inRange = (v: string, min: number, max: number) => v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max;

/** The checks the page makes before sending; the API's own answer (`errors`) is shown the same way, beside each field. */
export function checkListing(f: ListingForm, site?: Site): Partial<Record<ListingField, string>> {
  const e: Partial<Record<ListingField, string>> = {};
  const title = f.title.trim();
  if (title.length < TITLE_MIN || title.length > TITLE_MAX) e.title = LISTING_MSG.title;
  if (f.content.length > CONTENT_MAX) e.content = LISTING_MSG.content;
  if (!f.category) e.category = LISTING_MSG.category;
  if (!f.tag_slug) e.tag_slug = LISTING_MSG.county;
  if (f.youtube1_id.trim() && !youtubeId(f.youtube1_id)) e.youtube1_id = LISTING_MSG.youtube;
  if (f.featured_audio_url.trim() && !isSoundCloudUrl(f.featured_audio_url)) e.featured_audio_url = LISTING_MSG.soundcloud;
  const located = f.latitude.trim() !== '' || f.longitude.trim() !== '';
  if (located && !inRange(f.latitude, 51, 56)) e.latitude = LISTING_MSG.latitude;
  if (located && !inRange(f.longitude, -11, -5)) e.longitude = LISTING_MSG.longitude;
  const price = site ? readPriceForm(site, f.price_details) : null;
  const problem = site && price ? checkPrice(site, f.price, price) : null;
  // The section words the problem itself (in the page's language): the field holds which one.
  if (problem) e.price_details = problem;
  return e;
}

/** The post's writable fields as the API takes them. */
export function toInput(f: ListingForm, site?: Site): PostInput & { title: string } {
  const located = f.latitude.trim() !== '' && f.longitude.trim() !== '';
  const price = site ? readPriceForm(site, f.price_details) : null;
  return {
    title: f.title.trim(),
    content: f.content,
    category: Number(f.category),
    tag_slug: f.tag_slug,
    price: f.price,
    youtube1_id: f.youtube1_id.trim(),
    featured_audio_url: f.featured_audio_url.trim(),
    vitals: { area: f.area.trim(), latitude: located ? Number(f.latitude) : null, longitude: located ? Number(f.longitude) : null },
    // Only when the editor knows the site (and so the inclusions): the admin app and tests send their own.
    ...(site ? { price_details: price ? priceInput(site, price) : null } : {}),
  };
}

/** The API names vitals' fields 'vitals.area' or 'area'; the page has one field for each. */
export function formField(apiField: string): ListingField | null {
  if (apiField.startsWith('price_details')) return 'price_details';
  const name = apiField.replace(/^vitals\./, '');
  if (name === 'postId') return null;
  return name in EMPTY_LISTING ? (name as ListingField) : null;
}

export const sameListing = (a: ListingForm, b: ListingForm) => (Object.keys(EMPTY_LISTING) as ListingField[]).every((k) => a[k] === b[k]);

/**
 * Unsaved changes of the editor, kept in local storage so that a reload, a crash or a failed save loses nothing:
 * one entry per listing ('new' before it exists), removed once saved.
 */
export const draftKey = (postId: number | 'new') => `cp_listing_${postId}`;

export function readDraft(postId: number | 'new'): ListingForm | null {
  try {
    const raw = localStorage.getItem(draftKey(postId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ListingForm>;
    const form = { ...EMPTY_LISTING };
    for (const k of Object.keys(EMPTY_LISTING) as ListingField[]) if (typeof parsed[k] === 'string') (form as Record<string, string>)[k] = parsed[k] as string;
    return form;
  } catch {
    return null;
  }
}

export const writeDraft = (postId: number | 'new', form: ListingForm) => localStorage.setItem(draftKey(postId), JSON.stringify(form));
export const clearDraft = (postId: number | 'new') => localStorage.removeItem(draftKey(postId));
