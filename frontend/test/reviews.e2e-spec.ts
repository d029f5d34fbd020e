import type { ReviewDto } from '@directory/domain';
import type { Post } from '../lib/types';
import { startStack, type Stack } from './support/stack';

/** Reviews as a visitor without JavaScript gets them: profiles, cards, structured data, /reviews and its links. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

describe('reviews on the church site', () => {
  let s: Stack;
  let posts: Post[];
  beforeAll(async () => {
    s = await startStack('church');
    posts = (await s.api<Post[]>('/api/posts/?limit=100')).body;
  }, 120_000);
  afterAll(() => s?.stop());

  it('shows the average as text with one decimal and the count beside the title, the sub-ratings, ten reviews newest first with their labels, and their business data', async () => {
    const post = [...posts].sort((a, b) => b.reviews.count - a.reviews.count)[0];
    expect(post.reviews.count).toBeGreaterThan(0);
    const { body: first, total } = await s.api<ReviewDto[]>(`/api/posts/${post.id}/reviews/?page=0`);
    const html = await (await s.page(`/profile/${post.slug}`)).text();
    const average = post.reviews.average!.toFixed(1);
    const count = post.reviews.count === 1 ? '1 review' : `${post.reviews.count} reviews`;
    expect(html).toMatch(new RegExp(`</h1><div><a class="rating-summary" href="#reviews"><span class="stars s\\d+" aria-hidden="true"></span>${average} \\(${count}\\)</a>`));
    expect(html).toContain(`${average} out of 5, from ${count}`);
    const items = html.match(/<article class="review">/g) ?? [];
    expect(items).toHaveLength(first.length);
    expect(first.length).toBe(Math.min(10, total!));
    expect(html.includes('>More reviews</button>')).toBe(total! > 10);
    for (const r of first) expect(html).toContain(r.label === 'booked' ? 'Booked through Church Musicians Ireland' : 'Enquired through Church Musicians Ireland');
    expect(html).toContain('<a href="/reviews">How reviews work</a>');

    const business = jsonLd(html).find((d) => d['@type'] === 'EntertainmentBusiness')!;
    expect(business.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: post.reviews.average, reviewCount: post.reviews.count, bestRating: 5, worstRating: 1 });
    expect((business.review as { reviewBody: string }[]).map((r) => r.reviewBody)).toEqual(first.map((r) => r.text));
  });

  it('says plainly that a profile has no reviews, with no stars and no rating data', async () => {
    const post = posts.find((p) => p.reviews.count === 0)!;
    const html = await (await s.page(`/profile/${post.slug}`)).text();
    expect(html).toContain(`${post.title.replace(/&/g, '&amp;')} has no reviews yet.`);
    expect(html).not.toContain('class="stars');
    expect(html).not.toContain('class="rating-summary"');
    expect(jsonLd(html).some((d) => 'aggregateRating' in d)).toBe(false);
  });

  it('puts stars and the count on the cards of reviewed listings, and no rating data on listing pages', async () => {
    const html = await (await s.page('/')).text();
    const rated = posts.slice(0, 20).filter((p) => p.reviews.count > 0);
    expect(rated.length).toBeGreaterThan(0);
    for (const p of rated) {
      const cnt = p.reviews.count === 1 ? '1 review' : `${p.reviews.count} reviews`;
      expect(html).toContain(`<span class="card-rating stars s${Math.round(p.reviews.average! * 2) * 5}">${p.reviews.average!.toFixed(1)} (${cnt})</span>`);
    }
    for (const path of ['/', '/categories/female-singers', '/counties/cork']) {
      expect(JSON.stringify(jsonLd(await (await s.page(path)).text()))).not.toContain('Rating');
    }
  });

  it('explains how reviews work at /reviews and /ga/reviews, linked from the footer of every page', async () => {
    const en = await s.page('/reviews');
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('<h1>How reviews work</h1>');
    expect(html).toContain('How listings are ordered');
    expect(html).toContain('after 7 days (14 days if the lister asks for more time');
    expect(html).not.toContain('noindex');
    const ga = await (await s.page('/ga/reviews')).text();
    expect(ga).toContain('<h1>Conas a oibríonn léirmheasanna</h1>');
    expect(await (await s.page('/counties')).text()).toContain('<a href="/reviews">How reviews work</a>');
  });

  it('answers a link that opens nothing with what happened and what to do, never kept by a cache', async () => {
    const res = await s.page(`/reviews?token=${'x'.repeat(43)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-page-cache')).toBe('bypass');
    const html = await res.text();
    expect(html).toContain('This review link does not work');
    expect(html).toContain('This review link is not valid.');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
