import { EXTRA_UNITS, ExtraUnit, PRICE_INCLUSIONS, PRICE_LIMITS, PriceDetails, PriceDetailsInput, PriceType, Site } from '@directory/domain';

/**
 * The editor's price breakdown as typed: strings, so nothing typed is lost to a conversion, kept as one JSON string in
 * the listing form (and so in its draft); '' when the lister gives none.
 */
export interface PriceForm {
  from: string;
  onRequest: boolean;
  /** Per inclusion key: '' not included, 'yes' for a yes/no item, or the quantity typed. */
  includes: Record<string, string>;
  extras: { label: string; amount: string; per: ExtraUnit }[];
  freeKm: string;
  perKm: string;
  vat: boolean;
  deposit: string;
}

const euro = (cents: number | null) => (cents === null ? '' : String(cents / 100));

export function emptyPriceForm(site: Site): PriceForm {
  return { from: '', onRequest: false, includes: Object.fromEntries(PRICE_INCLUSIONS[site].map((k) => [k.key, ''])), extras: [], freeKm: '', perKm: '', vat: true, deposit: '' };
}

/** The API's breakdown as the form's JSON (inclusions not given are filled in by readPriceForm). */
export function priceFormOf(d: PriceDetails | null | undefined): string {
  if (!d) return '';
  return JSON.stringify({
    includes: Object.fromEntries(d.includes.map((i) => [i.key, i.quantity === null ? 'yes' : String(i.quantity)])),
    from: euro(d.from_cents),
    onRequest: d.from_cents === null,
    extras: d.extras.map((e) => ({ label: e.label, amount: euro(e.cents), per: e.per })),
    freeKm: d.travel_free_km === null ? '' : String(d.travel_free_km),
    perKm: euro(d.travel_cents_per_km),
    vat: d.vat_included,
    deposit: euro(d.deposit_cents),
  } satisfies PriceForm);
}

export function readPriceForm(site: Site, json: string): PriceForm | null {
  if (!json) return null;
  try {
    const typed = JSON.parse(json) as Partial<PriceForm>;
    const empty = emptyPriceForm(site);
    return { ...empty, ...typed, includes: { ...empty.includes, ...typed.includes } };
  } catch {
    return null;
  }
}

const money = (v: string) => /^\d{1,6}(\.\d{1,2})?$/.test(v.trim().replace(/^€/, ''));
const cents = (v: string) => Math.round(Number(v.trim().replace(/^€/, '')) * 100);
const whole = (v: string, max: number) => /^\d+$/.test(v.trim()) && Number(v) >= 0 && Number(v) <= max;

export type PriceProblem = 'from' | 'fromFree' | 'fromZero' | 'quantity' | 'extra' | 'travel' | 'deposit';

/** The first problem of the breakdown, checked as the API checks it (negative or malformed amounts, the price type). */
export function checkPrice(site: Site, price: PriceType, f: PriceForm): PriceProblem | null {
  if (!f.onRequest && !money(f.from)) return 'from';
  if (price === 'free' && (f.onRequest || cents(f.from) !== 0)) return 'fromFree';
  if (price !== 'free' && !f.onRequest && cents(f.from) === 0) return 'fromZero';
  for (const k of PRICE_INCLUSIONS[site]) {
    const v = f.includes[k.key] ?? '';
    if (k.unit !== 'yes' && v !== '' && !(whole(v, PRICE_LIMITS.maxQuantity) && Number(v) > 0)) return 'quantity';
  }
  if (f.extras.some((e) => e.label.trim().length < 2 || !money(e.amount) || !EXTRA_UNITS.includes(e.per))) return 'extra';
  if ((f.freeKm.trim() === '') !== (f.perKm.trim() === '') || (f.freeKm.trim() && (!whole(f.freeKm, PRICE_LIMITS.maxKm) || !money(f.perKm)))) return 'travel';
  if (f.deposit.trim() && !money(f.deposit)) return 'deposit';
  return null;
}

/** The breakdown as the API takes it (checked first with checkPrice). */
export function priceInput(site: Site, f: PriceForm): PriceDetailsInput {
  return {
    from_cents: f.onRequest ? null : cents(f.from),
    includes: PRICE_INCLUSIONS[site]
      .filter((k) => (f.includes[k.key] ?? '') !== '')
      .map((k) => ({ key: k.key, quantity: k.unit === 'yes' ? null : Number(f.includes[k.key]) })),
    extras: f.extras.map((e) => ({ label: e.label.trim(), cents: cents(e.amount), per: e.per })),
    travel_free_km: f.freeKm.trim() ? Number(f.freeKm) : null,
    travel_cents_per_km: f.perKm.trim() ? cents(f.perKm) : null,
    vat_included: f.vat,
    deposit_cents: f.deposit.trim() ? cents(f.deposit) : null,
  };
}
