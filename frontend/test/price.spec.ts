import type { PriceDetails } from '@directory/domain';
import en from '../locales/en';
import ga from '../locales/ga';
import { checkListing, EMPTY_LISTING, formField, fromPost, ListingForm, toInput } from '../lib/cp-listing';
import { checkPrice, emptyPriceForm, PriceForm, priceFormOf, priceInput, readPriceForm } from '../lib/cp-price';
import { offerJsonLd } from '../lib/price-jsonld';
import { cardPrice, priceView } from '../lib/price-view';

/** Fills a catalogue's {name} values, as the reader does for plain messages. */
const words = (catalogue: Record<string, string>) => (id: string, values: Record<string, string | number> = {}) =>
  catalogue[id].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

const DETAILS: PriceDetails = {
  from_cents: 35_050,
  includes: [
    { key: 'rehearsal', quantity: null },
    { key: 'ceremony', quantity: 60 },
  ],
  extras: [{ label: 'Drinks reception', cents: 8_000, per: 'half_hour' }],
  travel_free_km: 30,
  travel_cents_per_km: 50,
  vat_included: false,
  deposit_cents: 10_000,
  confirmed_on: '2026-09-18',
};

describe('the price section of the listing editor', () => {
  const form = (change: Partial<PriceForm>): PriceForm => ({ ...emptyPriceForm('church'), from: '350', ...change });

  it('turns the API’s breakdown into the form and back, unchanged', () => {
    const json = priceFormOf(DETAILS);
    const typed = readPriceForm('church', json)!;
    expect(typed).toMatchObject({ from: '350.5', onRequest: false, freeKm: '30', perKm: '0.5', deposit: '100', vat: false });
    expect(typed.includes).toEqual({ rehearsal: 'yes', arrival: '', ceremony: '60', requests: '', pa: '' });
    const { confirmed_on, ...input } = DETAILS;
    expect(confirmed_on).toBe('2026-09-18');
    expect(priceInput('church', typed)).toEqual(input);
    expect(priceFormOf(null)).toBe('');
    expect(readPriceForm('church', '')).toBeNull();
  });

  it('finds what the API would refuse: malformed or negative amounts, the price type, half a travel rate', () => {
    expect(checkPrice('church', 'charge', form({}))).toBeNull();
    expect(checkPrice('church', 'charge', form({ from: '-5' }))).toBe('from');
    expect(checkPrice('church', 'charge', form({ from: '0' }))).toBe('fromZero');
    expect(checkPrice('church', 'charge', form({ from: '', onRequest: true }))).toBeNull();
    expect(checkPrice('church', 'free', form({ from: '350' }))).toBe('fromFree');
    expect(checkPrice('church', 'free', form({ from: '0' }))).toBeNull();
    expect(checkPrice('church', 'charge', form({ includes: { ...emptyPriceForm('church').includes, ceremony: '-1' } }))).toBe('quantity');
    expect(checkPrice('church', 'charge', form({ extras: [{ label: 'Reception', amount: '-80', per: 'half_hour' }] }))).toBe('extra');
    expect(checkPrice('church', 'charge', form({ freeKm: '30' }))).toBe('travel');
    expect(checkPrice('church', 'charge', form({ deposit: 'a hundred' }))).toBe('deposit');
    expect(checkPrice('cliste', 'charge', { ...emptyPriceForm('cliste'), from: '150', includes: { session: '60', pupils: '30', materials: 'yes' } })).toBeNull();
  });

  it('is one field of the listing: checked with it, sent with it, and named by the API’s refusals', () => {
    const listing: ListingForm = { ...EMPTY_LISTING, title: 'Harp', category: '5', tag_slug: 'kerry', price: 'free', price_details: JSON.stringify(form({})) };
    expect(checkListing(listing, 'church')).toEqual({ price_details: 'fromFree' });
    expect(toInput({ ...listing, price: 'charge' }, 'church').price_details).toMatchObject({ from_cents: 35_000 });
    expect(toInput({ ...listing, price_details: '' }, 'church').price_details).toBeNull();
    expect(toInput(listing)).not.toHaveProperty('price_details');
    expect(formField('price_details.extras.0.cents')).toBe('price_details');
  });
});

describe('the profile’s price block and structured data', () => {
  it('words the breakdown in English and in Irish', () => {
    expect(priceView(DETAILS, words(en), 'en')).toEqual({
      heading: "What's included",
      from: 'From €350.5',
      included: { title: 'Included', items: ['A rehearsal with the couple', 'Up to 60 minutes in the church'] },
      extras: { title: 'Extras', items: ['Drinks reception: €80 per 30 minutes'] },
      travel: { title: 'Travel', text: 'Free within 30 km, then €0.5 per km' },
      notes: ['VAT is added to these prices', 'Deposit: €100', 'Prices confirmed by the lister on 18 September 2026'],
    });
    const irish = priceView({ ...DETAILS, from_cents: null, travel_free_km: null, travel_cents_per_km: null }, words(ga), 'ga');
    expect(irish.from).toBe('Praghas ar iarratas');
    expect(irish.travel.text).toBe('Gan táille taistil');
    expect(irish.notes[2]).toBe('Praghsanna deimhnithe ag an liostóir ar 18 Meán Fómhair 2026');
  });

  it('gives cards a from-price, "on request", or nothing without a breakdown', () => {
    expect(cardPrice(words(en), { price_from_cents: 20_000, price_on_request: false })).toBe('From €200');
    expect(cardPrice(words(ga), { price_from_cents: null, price_on_request: true })).toBe('Praghas ar iarratas');
    expect(cardPrice(words(en), { price_from_cents: null, price_on_request: false })).toBe('');
  });

  it('describes the Offer with its price specification and the area served', () => {
    const post = { title: 'Róisín Walsh', categoryName: 'Harpists', countyName: 'Kerry', area: 'Dingle', latitude: 52.14, longitude: -10.27 };
    const ld = offerJsonLd(post, DETAILS, 'https://example.ie/profile/roisin');
    expect(ld).toMatchObject({
      '@type': 'Service',
      offers: {
        '@type': 'Offer',
        price: '350.50',
        priceCurrency: 'EUR',
        priceSpecification: { '@type': 'PriceSpecification', minPrice: '350.50', priceCurrency: 'EUR', valueAddedTaxIncluded: false },
      },
      areaServed: [{ '@type': 'AdministrativeArea', name: 'County Kerry' }, { '@type': 'GeoCircle', geoRadius: 30_000 }],
    });
    const onRequest = offerJsonLd({ ...post, latitude: null, longitude: null }, { ...DETAILS, from_cents: null }, 'https://example.ie/p');
    expect((onRequest.offers as Record<string, unknown>).price).toBeUndefined();
    expect(onRequest.areaServed).toEqual({ '@type': 'AdministrativeArea', name: 'County Kerry' });
  });
});
