/** The API's answers, as the backend's mappers and services produce them and the site reads them. */
import type { Availability, AvailabilityCounts } from './calendar.js';
import type { ErrorCode } from './errors.js';
import type { PostStatus, PriceText, PriceType } from './posts.js';
import type { PriceDetails, PriceDetailsInput } from './price-details.js';
import type { ReviewSummaryDto } from './reviews.js';
import type { Role } from './roles.js';

export interface CategoryDto {
  id: number;
  name: string;
  name_abbrev: string;
  slug: string;
  description: string;
  svg_path: string;
  is_child: boolean;
  is_primary: boolean;
  parent_slug: string | null;
  parent_name: string | null;
}

export interface CountyDto {
  slug: string;
  name: string;
}

export interface ParentCategoryDto {
  slug: string;
  name: string;
}

export interface PostVitals {
  area: string;
  latitude: number | null;
  longitude: number | null;
  /** "lat,lng" of the map pin, derived from the coordinates; null without a location. */
  gmap_pin: string | null;
  has_location: boolean;
}

export interface PostImages {
  /** 680x588: the card on church and cliste listings. */
  card: string;
  /** 680x382: the card on the multi-user site. */
  card_wide: string;
  /** 931x550: the map info window and the profile page. */
  map: string;
}

export interface PostDto {
  id: number;
  title: string;
  content: string;
  slug: string;
  slug_extract: string;
  status: PostStatus;
  category: number;
  category_slug: string;
  category_name: string;
  tag_slug: string;
  tag_name: string;
  price: PriceType;
  /** The site's title for the price type ('Free', 'Nominal charge', 'Charge'). */
  price_label: string;
  youtube1_id: string | null;
  featured_audio_url: string | null;
  vitals: PostVitals;
  /** The from-price in cents, what cards show: the breakdown's, 0 for a free listing without one; null on request or unknown. */
  price_from_cents: number | null;
  /** The lister prices on request (a breakdown without a from-price); false for a listing that has no breakdown. */
  price_on_request: boolean;
  /**
   * What the price includes: on the answers about one post (GET /api/posts/{id}/, the list with postSlug, the control
   * panel's), absent from lists; null when the lister has not given it.
   */
  price_details?: PriceDetails | null;
  /** Each at its narrower widths too: `srcset(images.card, IMAGE_WIDTHS.card)` (images.ts; each URL carries its `?v=`). */
  images: PostImages;
  /** The published reviews' average, count and sub-averages, kept on the post (cards show stars and count). */
  reviews: ReviewSummaryDto;
  created_at: string;
  updated_at: string;
  /** Only in answers to a search by date: whether the lister is known to be free then, or has not said. */
  availability?: Exclude<Availability, 'booked'>;
}

/** The lighter shape of /api/profiles/: what a map marker or the sitemap needs. */
export type ProfileDto = Pick<PostDto, 'id' | 'title' | 'slug' | 'category_slug' | 'category_name' | 'tag_slug' | 'tag_name' | 'price' | 'images'> & {
  area: string;
  latitude: number | null;
  longitude: number | null;
  has_video: boolean;
  updated_at: string;
};

export type PriceOption = PriceText & { value: PriceType };

export type PriceCount = PriceOption & { count: number };

export interface ActiveSummary {
  total: number;
  categories: Record<string, CategoryDto & { count: number }>;
  active_tags: string[];
  active_counties: (CountyDto & { count: number })[];
  parent_categories: (ParentCategoryDto & { count: number })[];
}

export interface Facets {
  categories: { slug: string; name: string; count: number }[];
  counties: (CountyDto & { count: number })[];
  prices: PriceCount[];
  /** With a searched date: how many of the selection are free and unknown then (booked ones are left out of the counts above). */
  availability?: AvailabilityCounts;
}

export interface ArticleSummaryDto {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  /** '' without a cover; at its narrower widths too: `srcset(image, IMAGE_WIDTHS.cover)` (images.ts; the URL carries its `?v=`). */
  image: string;
  author: string;
  published_at: string;
  updated_at: string;
}

export interface ArticleDto extends ArticleSummaryDto {
  content: string;
}

export interface AudioDto {
  id: number;
  postId: number;
  title: string;
  url: string;
}

export interface VideoDto {
  id: number;
  postId: number;
  title: string;
  youtube_id: string;
}

/** The signed-in lister, as GET /api/me/ and the sign-in answers give it. */
export interface SessionUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
}

/** GET /api/me/: the signed-in lister, their account fields and their billing state. */
export interface MeDto extends AccountDto {
  subscription: import('./plans.js').BillingStateDto;
}

/** POST /login/, /sign-up/code/ and /token/refresh/: a new session. */
export interface SessionDto {
  access: string;
  refresh: string;
  /** Seconds. */
  access_expires_in: number;
  user: SessionUser;
}

/** GET /api/plans/: what the pricing page shows. */
export interface PlansDto {
  currency: 'eur';
  monthly_cents: number;
  yearly_cents: number;
  trial_days: number;
  refund_days: number;
  reminder_days_before: number;
}

/** GET /api/contact-details/: the site's contact address and support phone. */
export interface ContactDetailsDto {
  email: string;
  phone: string;
}

/** GET /api/crosfhocal/: whether the crossword competition is open, until when, and its prize. */
export interface CrosfhocalStatusDto {
  open: boolean;
  /** ISO 8601. */
  closes_at: string;
  prize_euro: number;
}

/** GET /api/enquiries/form-token/: the signed start time the enquiry form sends back as `formToken`. */
export interface EnquiryFormTokenDto {
  token: string;
}

/** GET /api/data-version/: moves whenever public data changes (caches in front of the API key on it). */
export interface DataVersionDto {
  version: string;
}

/**
 * GET /readyz (at the root, beside GET /healthz): 200 while the database answers, every migration of this build is
 * applied and the process is not shutting down; otherwise 503 with a NotReadyBody naming the first failing check.
 */
export interface ReadinessDto {
  status: 'ok';
  database: 'up';
  migrations: 'applied';
  /** Emails that failed every try and are no longer retried: each needs a look. */
  mail_dead_letters: number;
}

/** What GET /readyz checks, in order: the first that fails is named in the 503 answer. */
export type ReadinessCheck = 'shutdown' | 'database' | 'migrations';

/** GET /readyz's 503: the service error (shutting_down, database_unreachable, migrations_pending) and the check that failed. */
export interface NotReadyBody extends ErrorBody {
  check: ReadinessCheck;
}

/** GET /healthz: 200 while the process runs (it checks nothing else, so a slow database never restarts a replica). */
export interface LivenessDto {
  status: 'ok';
}

/** The answer of calls that only report that they worked (sign-up, contact, crosfhocal, resets). */
export interface SuccessDto {
  message: 'success';
}

/** A field of the request and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Body of every error answer. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** The request field at fault, when there is one. */
  field?: string;
  /** Stable machine-readable reason, e.g. 'email_exists': every error answer has one (see ERROR_CATALOGUE). */
  code: ErrorCode;
  /** Each field's first problem, when the request's fields failed validation (code validation_failed). */
  errors?: FieldProblem[];
}

// ---- Control panel (docs/control-panel.md) ----

/** GET /api/me/posts/: one of the signed-in member's posts (every status) with this month's figures. */
export interface MyPostDto extends PostDto {
  /** True once the lister uploaded a photo (until then the listing shows drawn cover art). */
  has_photo: boolean;
  /** Profile views counted this calendar month (UTC). */
  views_this_month: number;
  /** Enquiries received this calendar month (UTC). */
  enquiries_this_month: number;
  /** Enquiries to this post not yet marked read. */
  unread_enquiries: number;
}

/** The writable fields of a post: POST /api/posts/ (title required) and PUT /api/posts/{slug}/ (any subset). */
export interface PostInput {
  /** 3-120 characters. The slug is made from it at creation and then stays fixed. */
  title?: string;
  /** Plain text; paragraphs separated by blank lines; at most 10,000 characters. */
  content?: string;
  /** Category id. */
  category?: number;
  /** County slug. */
  tag_slug?: string;
  price?: PriceType;
  /** Any YouTube URL form or a bare 11-character id; stored as the id; '' clears it. */
  youtube1_id?: string;
  /** An https SoundCloud URL; '' clears it. */
  featured_audio_url?: string;
  /** The pin: gmap_pin and has_location are derived from latitude and longitude (both null: no location). */
  vitals?: { area?: string; latitude?: number | null; longitude?: number | null };
  /** 'publish' goes through the publish gate (402 subscription_required). */
  status?: 'draft' | 'publish';
  /** What the price includes (the API stamps confirmed_on); null removes it. Must agree with price (priceAgrees). */
  price_details?: PriceDetailsInput | null;
}

/** The body of POST /api/posts/: a title is required. */
export type NewPostInput = PostInput & { title: string };

/** POST /api/videos/ and POST /api/audios/: a YouTube URL or id, or a SoundCloud URL. */
export interface MediaInput {
  postId: number;
  url: string;
}

/** GET /api/enquiries/?page=0 (20 a page, newest first, X-Total-Count): an enquiry to one of the member's posts. */
export interface InboxEnquiryDto {
  id: number;
  post_id: number;
  post_title: string;
  post_slug: string;
  name: string;
  email: string;
  phone: string | null;
  /** YYYY-MM-DD or null. */
  event_date: string | null;
  venue: string;
  message: string;
  created_at: string;
  read: boolean;
  /** The lister marked it booked (PUT /api/enquiries/{id}/booked/): the review form then asks "Did you book?". */
  booked: boolean;
}

/** PUT /api/enquiries/{id}/ */
export interface EnquiryReadInput {
  read: boolean;
}

export interface StatMonthDto {
  /** YYYY-MM */
  month: string;
  views: number;
  enquiries: number;
}

export interface StatDayDto {
  /** YYYY-MM-DD */
  day: string;
  views: number;
  enquiries: number;
}

/** GET /api/stats/[?postId=]: the last 12 months and the last 30 days (oldest first, zero-filled), in total and per post. */
export interface MemberStatsDto {
  months: StatMonthDto[];
  days: StatDayDto[];
  posts: { post_id: number; title: string; slug: string; months: StatMonthDto[]; days: StatDayDto[] }[];
}

/** PUT /api/users/{id}/: any subset; `password` needs `current_password`; `email` starts a change confirmed by a code. */
export interface AccountUpdateInput {
  first_name?: string;
  last_name?: string;
  username?: string;
  email?: string;
  password?: string;
  current_password?: string;
}

/** POST /api/users/{id}/email/: the 4-digit code mailed to the new address. */
export interface EmailChangeCodeInput {
  code: string;
}

/** DELETE /api/users/{id}/ */
export interface AccountDeleteInput {
  password: string;
}

/** GET /api/me/ and PUT /api/users/{id}/: the signed-in user with their account fields. */
export interface AccountDto extends SessionUser {
  username: string;
  /** The new address waiting for its code, or null. */
  email_pending: string | null;
  free_for_life: boolean;
}
