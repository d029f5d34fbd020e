import { formatEuro, PriceDetails, PriceExtra } from '@directory/domain';
import { articleDate } from './dates';
import type { Lang } from './lang';
import type { MessageId } from '../locales/en';

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** The profile's "What's included" block, worded on the server in the page's language (no texts in the browser's code). */
export interface PriceView {
  heading: string;
  from: string;
  included: { title: string; items: string[] };
  extras: { title: string; items: string[] };
  travel: { title: string; text: string };
  notes: string[];
}

const INCLUSION: Record<string, MessageId> = {
  rehearsal: 'price.inclRehearsal',
  arrival: 'price.inclArrival',
  ceremony: 'price.inclCeremony',
  requests: 'price.inclRequests',
  pa: 'price.inclPa',
  session: 'price.inclSession',
  pupils: 'price.inclPupils',
  materials: 'price.inclMaterials',
};

const PER: Record<PriceExtra['per'], MessageId> = {
  booking: 'price.perBooking',
  half_hour: 'price.perHalfHour',
  hour: 'price.perHour',
  musician: 'price.perMusician',
  session: 'price.perSession',
};

/** "From €350" or "Price on request". */
export const fromText = (t: T, cents: number | null, key: 'price' | 'cards' = 'price') =>
  cents === null ? t(`${key}.onRequest`) : t(`${key}.from`, { amount: formatEuro(cents) });

/** A card's from-price: '' for a listing without a breakdown (nothing to say beyond its price type). */
export const cardPrice = (t: T, p: { price_from_cents: number | null; price_on_request: boolean }) =>
  p.price_from_cents === null && !p.price_on_request ? '' : fromText(t, p.price_from_cents, 'cards');

export function priceView(details: PriceDetails, t: T, lang: Lang): PriceView {
  const notes = [t(details.vat_included ? 'price.vatIncluded' : 'price.vatExcluded')];
  if (details.deposit_cents !== null) notes.push(t('price.deposit', { amount: formatEuro(details.deposit_cents) }));
  notes.push(t('price.confirmed', { date: articleDate(`${details.confirmed_on}T12:00:00Z`, lang) }));
  return {
    heading: t('price.heading'),
    from: fromText(t, details.from_cents),
    included: {
      title: t('price.included'),
      items: details.includes.filter((i) => INCLUSION[i.key]).map((i) => t(INCLUSION[i.key], { quantity: i.quantity ?? '' })),
    },
    extras: { title: t('price.extras'), items: details.extras.map((e) => `${e.label}: ${t(PER[e.per], { amount: formatEuro(e.cents) })}`) },
    travel: {
      title: t('price.travel'),
      text:
        details.travel_free_km === null || details.travel_cents_per_km === null
          ? t('price.travelNone')
          : t('price.travelFree', { km: details.travel_free_km, rate: formatEuro(details.travel_cents_per_km) }),
    },
    notes,
  };
}
