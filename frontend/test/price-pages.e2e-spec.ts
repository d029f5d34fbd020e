import type { Post } from '../lib/types';
import { startStack, type Stack } from './support/stack';

/** What the price includes, on the server-rendered pages: the profile's block and Offer, cards, the price dialog's links. */
describe('price details on the pages (church)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack('church');
  }, 120_000);
  afterAll(() => s?.stop());

  const ldOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

  it("shows a priced profile's What's included block and its Offer with price specification and area served", async () => {
    const posts = (await s.api<Post[]>('/api/posts/?limit=50')).body;
    const priced = posts.find((p) => p.price_from_cents !== null && p.price_from_cents > 0)!;
    const [full] = (await s.api<Post[]>(`/api/posts/?postSlug=${priced.slug}`)).body;
    const html = await (await s.page(`/profile/${priced.slug}`)).text();
    expect(html).toContain('data-testid="price-block"');
    expect(html).toContain("What&#x27;s included");
    const euros = `€${(priced.price_from_cents! / 100).toLocaleString('en-IE')}`;
    expect(html).toContain(`From ${euros}`);
    for (const extra of full.price_details!.extras) expect(html).toContain(extra.label);
    const service = ldOf(html).find((d) => d['@type'] === 'Service')!;
    expect(service).toMatchObject({
      name: priced.title,
      offers: { '@type': 'Offer', priceCurrency: 'EUR', price: (priced.price_from_cents! / 100).toFixed(2), priceSpecification: { '@type': 'PriceSpecification', minPrice: (priced.price_from_cents! / 100).toFixed(2) } },
    });
    expect(JSON.stringify(service.areaServed)).toContain(`County ${priced.tag_name}`);
  });

  it('gives cards their from-price and lists the budget bands and the cheapest-first order as links', async () => {
    const html = await (await s.page('/categories/harpists')).text();
    expect(html).toMatch(/<span class="card-price">(From €[\d,.]+|Price on request)<\/span>/);
    expect(html).toContain('href="/categories/harpists?band=200-349"');
    expect(html).toContain('href="/categories/harpists?sort=price"');
  });

  it('filters by band and sorts by price from the address, and says so in Irish too', async () => {
    const sorted = await (await s.page('/categories/harpists?sort=price')).text();
    const prices = [...sorted.matchAll(/<span class="card-price">From €([\d,.]+)<\/span>/g)].map((m) => Number(m[1].replace(/,/g, '')));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const banded = await (await s.page('/categories/harpists?band=200-349')).text();
    const inBand = [...banded.matchAll(/<span class="card-price">From €([\d,.]+)<\/span>/g)].map((m) => Number(m[1].replace(/,/g, '')));
    expect(inBand.length).toBeGreaterThan(0);
    for (const p of inBand) expect(p >= 200 && p < 350).toBe(true);
    expect(banded).not.toContain('Price on request</span>');
    const irish = await (await s.page('/ga/categories/harpists?sort=price')).text();
    expect(irish).toContain('Is saoire ar dtús');
    expect(irish).toMatch(/<span class="card-price">Ó €/);
  });
});
