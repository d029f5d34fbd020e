import { effectiveFromCents, PRICE_SORT_LAST, priceBandOf, PriceDetails, PriceType, Site } from '@directory/domain';
import type { PostEntity } from '../../src/modules/posts/post.entity';
import { Random } from './random';

/** A day in the seed's fixed past, so that a seed run never depends on the day it runs. */
const CONFIRMED = ['2026-03-14', '2026-05-02', '2026-06-21', '2026-08-09', '2026-09-18'];

/**
 * What a seeded listing's price includes, believable for its site and price type: church musicians from about €180
 * (a singer on a nominal fee) to €650 (a string quartet), with a rehearsal, time before and in the church, a few
 * requests learnt and a PA; cliste sessions from about €90 to €450 with their length, pupils and materials. About
 * one in eight charging listers prices on request. Its own generator per post, so the rest of the seed is unchanged.
 */
export function seedPrice(site: Site, postId: number, price: PriceType, categorySlug: string): Pick<PostEntity, 'priceDetails' | 'priceFrom' | 'priceBand' | 'priceSort'> {
  const rnd = new Random(postId * 7919 + 17);
  const details = site === 'cliste' ? clistePrice(rnd, price) : churchPrice(rnd, price, categorySlug);
  const from = effectiveFromCents(price, details);
  return { priceDetails: details, priceFrom: from, priceBand: priceBandOf(from), priceSort: from ?? PRICE_SORT_LAST };
}

const euro = (n: number) => n * 100;

function churchPrice(rnd: Random, price: PriceType, categorySlug: string): PriceDetails {
  const group = /quartet|groups|choir/.test(categorySlug);
  const base = price === 'free' ? 0 : price === 'nominal_charge' ? rnd.int(9, 18) * 10 : rnd.int(group ? 40 : 22, group ? 65 : 45) * 10;
  const onRequest = price === 'charge' && rnd.chance(0.12);
  const includes = [
    ...(price === 'free' || rnd.chance(0.7) ? [{ key: 'rehearsal', quantity: null }] : []),
    { key: 'arrival', quantity: rnd.pick([20, 30, 30, 45]) },
    { key: 'ceremony', quantity: rnd.pick([60, 60, 75, 90]) },
    ...(rnd.chance(0.6) ? [{ key: 'requests', quantity: rnd.int(1, 3) }] : []),
    ...(group || rnd.chance(0.5) ? [{ key: 'pa', quantity: null }] : []),
  ];
  const extras = [
    ...(rnd.chance(0.7) ? [{ label: 'Drinks reception', cents: euro(rnd.int(6, 12) * 10), per: 'half_hour' as const }] : []),
    ...(rnd.chance(0.4) ? [{ label: rnd.pick(['An extra musician', 'A second singer', 'Violin with the organ']), cents: euro(rnd.int(12, 20) * 10), per: 'musician' as const }] : []),
    ...(rnd.chance(0.3) ? [{ label: 'Extra piece learnt for you', cents: euro(rnd.int(3, 6) * 10), per: 'booking' as const }] : []),
  ];
  const travels = price !== 'free' && rnd.chance(0.8);
  return {
    from_cents: onRequest ? null : euro(base),
    includes,
    extras: price === 'free' ? [] : extras,
    travel_free_km: travels ? rnd.pick([20, 30, 40, 50]) : null,
    travel_cents_per_km: travels ? rnd.pick([40, 50, 60]) : null,
    vat_included: rnd.chance(0.85),
    deposit_cents: price === 'charge' && rnd.chance(0.6) ? euro(rnd.pick([50, 75, 100])) : null,
    confirmed_on: rnd.pick(CONFIRMED),
  };
}

function clistePrice(rnd: Random, price: PriceType): PriceDetails {
  const base = price === 'free' ? 0 : price === 'nominal_charge' ? rnd.int(6, 15) * 10 : rnd.int(15, 45) * 10;
  const onRequest = price === 'charge' && rnd.chance(0.12);
  const includes = [
    { key: 'session', quantity: rnd.pick([40, 45, 60, 60, 90, 120]) },
    { key: 'pupils', quantity: rnd.pick([25, 30, 30, 60, 90]) },
    ...(rnd.chance(0.6) ? [{ key: 'materials', quantity: null }] : []),
  ];
  const extras = [
    ...(rnd.chance(0.7) ? [{ label: 'Extra session the same day', cents: euro(rnd.int(6, 20) * 10), per: 'session' as const }] : []),
    ...(rnd.chance(0.3) ? [{ label: 'Take-home pack per class', cents: euro(rnd.int(2, 6) * 10), per: 'booking' as const }] : []),
  ];
  const travels = price !== 'free' && rnd.chance(0.7);
  return {
    from_cents: onRequest ? null : euro(base),
    includes,
    extras: price === 'free' ? [] : extras,
    travel_free_km: travels ? rnd.pick([25, 40, 60]) : null,
    travel_cents_per_km: travels ? rnd.pick([35, 45, 50]) : null,
    vat_included: rnd.chance(0.8),
    deposit_cents: price === 'charge' && rnd.chance(0.3) ? euro(50) : null,
    confirmed_on: rnd.pick(CONFIRMED),
  };
}
