import type { SubscriptionDto } from '@directory/domain';
import { renderToString } from 'react-dom/server';
import { Card, SkeletonCards } from '../components/Card';
import { RefineDialog } from '../components/Dialog';
import { Landing } from '../components/Landing';
import { SubscriptionFacts } from '../components/billing/SubscriptionFacts';
import { EnquiryItem } from '../components/cp/EnquiryItem';
import type { CardPost } from '../lib/types';
import { inPage } from './support/page-context';

const post: CardPost = { id: 1, title: 'Aoife Byrne - Soprano', slug: 'aoife-byrne-soprano', categorySlug: 'female-singers', countyName: 'Dublin', area: 'Swords', image: 'http://api/x-one-680x588.webp', imageSrcset: 'http://api/x-one-680x588-320w.webp 320w, http://api/x-one-680x588.webp 680w', hasVideo: true,
  priceFrom: 'From €350', latitude: 53.4, longitude: -6.2, rating: null };

describe('Card', () => {
  it('links to the profile and shows image, title, area and county, with a play overlay on video listings', () => {
    const html = renderToString(inPage(<Card post={post} site="church" />));
    expect(html).toContain('href="/profile/aoife-byrne-soprano"');
    expect(html).toContain('src="http://api/x-one-680x588.webp"');
    expect(html).toContain('width="680" height="588"');
    expect(html).toContain('Aoife Byrne - Soprano');
    expect(html).toContain('Swords<!-- -->, <!-- -->Dublin');
    expect(html).toContain('class="play-overlay"');
    expect(renderToString(inPage(<Card post={{ ...post, hasVideo: false }} site="church" />))).not.toContain('play-overlay');
  });

  it('shows the stars and the rating as text on a reviewed listing, and nothing on one without reviews', () => {
    const rated = renderToString(inPage(<Card post={{ ...post, rating: { className: 'card-rating stars s45', children: '4.6 (12 reviews)' } }} site="church" />));
    expect(rated).toContain('<span class="card-rating stars s45">4.6 (12 reviews)</span>');
    expect(renderToString(inPage(<Card post={post} site="church" />))).not.toContain('card-rating');
  });

  it('offers the srcset with the card column widths as sizes, and the single src alone when the API sent no srcset', () => {
    const html = renderToString(inPage(<Card post={post} site="church" first />));
    expect(html).toContain('srcSet="http://api/x-one-680x588-320w.webp 320w, http://api/x-one-680x588.webp 680w"');
    expect(html).toContain('sizes="(min-width: 1200px) 280px, (min-width: 1040px) calc((100vw - 80px) / 4), (min-width: 784px) calc((100vw - 64px) / 3), (min-width: 528px) calc((100vw - 48px) / 2), calc(100vw - 32px)"');
    expect(html).toContain('fetchPriority="high"');
    const bare = renderToString(inPage(<Card post={{ ...post, imageSrcset: '' }} site="church" />));
    expect(bare).not.toMatch(/srcSet|sizes=|fetchPriority/);
    expect(bare).toContain('loading="lazy"');
  });

  it('uses the 680x382 size on the multi-user site', () => {
    expect(renderToString(inPage(<Card post={post} site="multi" />))).toContain('width="680" height="382"');
  });
});

describe('SkeletonCards', () => {
  it('renders 8 placeholders by default, hidden from assistive technology', () => {
    const html = renderToString(<SkeletonCards site="church" />);
    expect(html.match(/class="card skeleton"/g)).toHaveLength(8);
    expect(html).toContain('aria-hidden="true"');
    expect(renderToString(<SkeletonCards site="multi" />)).toContain('skeletons-multi');
  });
});

describe('Landing', () => {
  it("shows 'Turas Cliste!' on cliste only and the founder testimonial on church only", () => {
    const cliste = renderToString(inPage(<Landing total={612} />, { site: 'cliste' }));
    const church = renderToString(inPage(<Landing total={147} />));
    expect(cliste).toContain('Turas Cliste!');
    expect(cliste).not.toContain('testimonial');
    expect(church).not.toContain('Turas Cliste!');
    expect(church).toContain('class="testimonial"');
    expect(church).toContain('Choose from 147 church and wedding musicians across Ireland');
    expect(church).toContain('wedding music services');
    const multi = renderToString(inPage(<Landing total={147} />, { site: 'multi' }));
    expect(multi).not.toContain('testimonial');
    expect(multi).not.toContain('Turas Cliste!');
  });
});

describe('RefineDialog', () => {
  it("renders a labelled search box and the empty text when there are no items", () => {
    const html = renderToString(inPage(<RefineDialog title="County" open={false} onClose={() => {}} items={[]} emptyText="No results - please try a different county!" />));
    expect(html).toContain('placeholder="Refine your search..."');
    expect(html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Refine your search...<\/label>/);
    expect(html).toContain('No results - please try a different county!');
  });
});

describe('in Irish', () => {
  it('names the county in Irish on a card, links the profile under /ga and labels the video overlay in Irish', () => {
    const html = renderToString(inPage(<Card post={{ ...post, countyName: 'Baile Átha Cliath' }} site="church" />, { lang: 'ga' }));
    expect(html).toContain('href="/ga/profile/aoife-byrne-soprano"');
    expect(html).toContain('aria-label="Físeán"');
  });

  it('writes the landing texts and the join link in Irish', () => {
    const html = renderToString(inPage(<Landing total={147} />, { lang: 'ga' }));
    expect(html).toContain('Roghnaigh as 147 rogha: ceoltóirí eaglaise agus bainise ar fud na hÉireann');
    expect(html).toContain('href="/ga/sign-up-start">Cláraigh SAOR IN AISCE!</a>');
    expect(html).toContain('Bunaitheoir, Church Musicians Ireland');
  });

  it('labels the refine dialog in Irish', () => {
    const html = renderToString(inPage(<RefineDialog title="Contae" open={false} onClose={() => {}} items={[]} emptyText="" />, { lang: 'ga' }));
    expect(html).toContain('placeholder="Scag do chuardach..."');
    expect(html).toContain('aria-label="Dún"');
  });
});

describe('SubscriptionFacts (billing)', () => {
  const base = { can_publish: true, free_for_life: false, free_for_life_offered: false, trial_available: false, application: null };
  const trial = {
    id: 1,
    plan: 'yearly' as const,
    status: 'trialing',
    amount_cents: 20000,
    trial_end: '2026-03-12T10:00:00.000Z',
    current_period_end: '2026-03-12T10:00:00.000Z',
    cancel_at_period_end: false,
    started_at: '2026-01-11T10:00:00.000Z',
    first_paid_at: null,
    ended_at: null,
    refundable_until: null,
    refund_requested_at: null,
    refund_by_admin: false,
  };
  const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  /** The summary line, as the page shows it. */
  const line = (subscription: SubscriptionDto, extra = {}) => /data-testid="subscription-status">(.*?)<\/p>/.exec(renderToString(inPage(<SubscriptionFacts state={{ ...base, ...extra, subscription }} />)))![1];

  it('sums a trial up in one line, each fact once, and a cancelled trial as costing nothing', () => {
    expect(line(trial)).toBe('Free trial until 12 March 2026, then €200 a year');
    expect(line({ ...trial, plan: 'monthly', amount_cents: 2000 })).toBe('Free trial until 12 March 2026, then €20 a month');
    expect(line({ ...trial, cancel_at_period_end: true })).toBe('Free trial until 12 March 2026, cancelled: nothing will be charged');
  });

  it('sums up a paid plan with its next payment, a cancelled one with its end, and an ended one with its date', () => {
    const active = { ...trial, plan: 'monthly' as const, amount_cents: 2000, status: 'active', current_period_end: '2026-04-12T10:00:00.000Z' };
    expect(line(active)).toBe('€20 a month, next payment on 12 April 2026');
    expect(line({ ...active, cancel_at_period_end: true })).toBe('€20 a month, cancelled: ends on 12 April 2026');
    expect(line({ ...active, status: 'canceled', ended_at: '2026-04-12T10:00:00.000Z' }, { can_publish: false })).toBe('Ended on 12 April 2026');
    const ended = text(renderToString(inPage(<SubscriptionFacts state={{ ...base, can_publish: false, subscription: { ...active, status: 'canceled', ended_at: '2026-04-12T10:00:00.000Z' } }} />)));
    expect(ended).toContain('Publishing needs a subscription');
  });
});

describe('EnquiryItem', () => {
  const enquiry = { id: 1, post_id: 2, post_title: 'Aoife Byrne - Soprano', post_slug: 'aoife-byrne-soprano', name: 'Seán Ó Murchú', email: 'sean@example.ie', phone: null, event_date: '2027-06-12', venue: 'Cork', message: 'We are getting married in June and would love a soprano for the ceremony and the signing of the register, please.', created_at: '2026-11-20T10:00:00.000Z', read: false, booked: false };
  it("shows the message's first words in the closed row and the event date as people read it", () => {
    const html = renderToString(inPage(<EnquiryItem enquiry={enquiry} onOpen={() => undefined} onMarkUnread={() => undefined} onDelete={() => undefined} onBooked={() => undefined} />));
    const summary = /<summary>([\s\S]*?)<\/summary>/.exec(html)![1];
    expect(summary).toContain('<span class="enquiry-start">We are getting married in June and would love a soprano for…</span>');
    expect(html).toContain('<time dateTime="2027-06-12">Sat 12 June 2027</time>');
  });
});
