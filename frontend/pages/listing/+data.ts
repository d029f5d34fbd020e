import { CALENDAR_SLOTS, type CalendarSlot, calendarDayProblem, countyNameIn, formatEuro, lastCalendarDay, LIST_SORTS, ListSort, PRICE_BAND_SLUGS, PRICE_BANDS, PriceBandSlug, PriceType, todayInIreland } from '@directory/domain';
import { shortDay } from '../../lib/dates';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DateForm } from '../../components/DateForm';
import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, bearer, query } from '../../lib/api-client';
import { cardRating } from '../../lib/card-rating';
import { orNotFound } from '../../lib/not-found';
import { type DateSearch, dateQuery, withPrice, listingPath, ListingMatch, listingTitle, parsePrice, resolveListing, toCard } from '../../lib/listing';
import { cardSrcset } from '../../lib/srcsets';
import { countyIn, facetsIn, getPieces, getSummary, getTaxonomy, summaryIn, taxonomyIn } from '../../lib/taxonomy.server';
import { FIRST_PAGE } from '../../components/CardList';
import type { Facets, Post } from '../../lib/types';
import { LANG_TAG, langPath } from '../../lib/lang';
import { cardPrice } from '../../lib/price-view';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Runs on the server: resolves the route, loads the first 20 cards (as the signed-in viewer: an admin sees hidden
 * listings), the menus and the dialog facets (the same for everyone, from the shared caches), with the names of the
 * taxonomy, the heading, the title and the description in the page's language.
 */
export async function data(pageContext: PageContext) {
  const { site, apiInternalOrigin: origin, accessToken, lang } = pageContext;
  const t = (...args: Parameters<typeof pageContext.i18n._>) => pageContext.i18n._(...args);
  const params = pageContext.routeParams as { kind: ListingMatch['kind']; segments: string };
  const match: ListingMatch = { kind: params.kind, segments: params.segments ? params.segments.split('/') : [] };
  const [rawTax, rawSummary] = await Promise.all([getTaxonomy(origin), getSummary(origin)]);
  const tax = taxonomyIn(lang, rawTax);
  const summary = summaryIn(lang, rawSummary);
  const view = resolveListing(match, tax, site.site, site.allCategoriesSlug);
  if (!view) throw render(404);

  const search = pageContext.urlParsed.search;
  const price = parsePrice(search.price);
  const band = (PRICE_BAND_SLUGS as string[]).includes(search.band ?? '') ? (search.band as PriceBandSlug) : null;
  const sort = search.sort === 'price' ? 'price' : null;
  // "plays {piece}" (a catalogue id) and "sings in Irish": church listings' repertoire.
  const piece = site.site !== 'cliste' && /^[1-9]\d{0,8}$/.test(search.piece ?? '') ? Number(search.piece) : null;
  const irish = site.site !== 'cliste' && search.irish === '1' ? '1' : null;
  // A date that cannot be searched (past, too far, not a day) is left out, as an unknown price is.
  const today = todayInIreland();
  const date = parseDateSearch(pageContext.urlParsed.search.date, pageContext.urlParsed.search.slot, today);
  const filters = { catSlug: view.catSlug, tagSlug: view.tagSlug, price, date: date?.date ?? null, slot: date?.slot ?? null };
  // The date chosen stays as the visitor moves between categories, counties and prices ('' or '?date=…').
  const keep = date ? `?${dateQuery(date)}` : '';
  const withDate = (path: string) => (keep ? `${path}${path.includes('?') ? '&' : '?'}${keep.slice(1)}` : path);
  const pieces = site.site === 'cliste' ? [] : await getPieces(origin);
  const [posts, { body: rawFacets }] = await orNotFound(
    Promise.all([apiGet<Post[]>(origin, `/api/posts/${query({ ...filters, band, sort, piece, irish, limit: FIRST_PAGE })}`, bearer(accessToken)), apiGet<Facets>(origin, `/api/facets/${query(filters)}`)]),
  );
  const facets = facetsIn(lang, site.site, rawFacets);
  // The price dialog: the price types (with their counts), then the budget bands and the order, as plain links made
  // here, so the page's own JavaScript (its budget) carries none of them.
  const at = (p: PriceType | null, b: PriceBandSlug | null, o: ListSort | null, i = irish, pc = piece) => langPath(lang, withDate(`${view.path}${query({ price: p, band: b, sort: o, piece: pc, irish: i })}`));
  const bandName = (b: (typeof PRICE_BANDS)[number]) =>
    b.max === 0 ? t('listing.bandFree') : b.min <= 1 ? t('listing.bandUnder', { max: formatEuro(b.max! + 1) }) : b.max === null ? t('listing.bandOver', { min: formatEuro(b.min) }) : t('listing.bandRange', { min: formatEuro(b.min), max: formatEuro(b.max) });
  const priceItems = [
    ...facets.prices.map((p) => ({ slug: p.value, name: p.title, tag: p.description, count: p.count, href: at(p.value, band, sort), current: p.value === price })),
    ...PRICE_BANDS.map((b) => ({ slug: `band-${b.slug}`, name: bandName(b), tag: t('listing.budget'), href: at(price, b.slug, sort), current: b.slug === band })),
    { slug: 'sort-price', name: t('listing.sortByPrice'), tag: t('listing.order'), href: at(price, band, 'price'), current: sort === 'price' },
    ...(site.site === 'cliste' ? [] : [{ slug: 'sings-irish', name: t('listing.singsIrish'), tag: t('listing.repertoire'), href: at(price, band, sort, irish ? null : '1'), current: irish === '1' }]),
    // "Plays {piece}": the dialog's search box is the type-ahead (its code loads on first use, as the dialog's does).
    ...pieces.map((p) => ({ slug: `piece-${p.id}`, name: t('listing.plays', { title: p.title }), tag: p.composer, href: at(price, band, sort, irish, p.id === piece ? null : p.id), current: p.id === piece })),
  ];
  const priceClear = price || band || sort || piece || irish ? { href: langPath(lang, view.path + keep), label: t('listing.clearPrice') } : undefined;

  const bySlug = new Map(tax.categories.map((c) => [c.slug, c]));
  const active = Object.values(summary.categories);
  // One entry per active category with its abbreviated name and icon, sorted by name (section 9); a
  // child category (cliste) opens under its parent group, whose page is reached through the child strip's 'All'.
  const categoryMenu = [...active]
    .sort((a, b) => a.name.localeCompare(b.name, LANG_TAG[lang]))
    .map((c) => ({ slug: c.slug, label: c.name_abbrev, href: withDate(listingPath('category', c, null, null)) }));
  const children = view.parent
    ? active.filter((c) => c.parent_slug === view.parent!.slug).map((c) => ({ slug: c.slug, name: c.name, href: listingPath('category', c, view.parent, view.county) }))
    : [];

  const year = new Date().getFullYear();
  const total = posts.total ?? posts.body.length;
  const heading = listingTitle(view, site.site, t, view.county ? countyIn(lang, view.county) : '');
  const siteName = site.copy.siteName;
  const home = view.pattern === 7;
  return {
    view,
    price,
    date,
    // Worked out here, so the listing's scripts carry no date code: the picker's range and the day as the count says it.
    dateForm: renderToStaticMarkup(createElement(DateForm, { path: view.path, price, date, range: { min: today, max: lastCalendarDay(today) }, t: (id) => t(id), href: (path: string) => langPath(lang, path) })),
    keep,
    filters,
    // On a date the count says how many are free then, and how many have not said.
    count: date && rawFacets.availability ? rawFacets.availability.free : total,
    countWords: date && rawFacets.availability
      ? `${t('listing.freeOn', { day: `${shortDay(date.date, lang)}${date.slot ? ` (${t(date.slot === 'am' ? 'listing.morning' : 'listing.afternoon')})` : ''}` })}, ${rawFacets.availability.unknown} ${t('listing.unknownOn', { count: rawFacets.availability.unknown })}`
      : t('listing.profilesNow', { count: total }),
    priceItems,
    priceClear,
    // A new list (its cards, its load-more offset) for each selection, order and date.
    listKey: `${view.path}?${price ?? ''}&${band ?? ''}&${sort ?? ''}&${piece ?? ''}&${irish ?? ''}${keep}`,
    year,
    total,
    heading,
    title: t('layout.pageTitle', { siteName, title: t('listing.titleYear', { heading: home ? t(`site.${site.site}.tagline`) : heading, year }) }),
    description: home ? t(`site.${site.site}.description`) : t('listing.description', { title: heading, count: total, siteName, year }),
    grandTotal: summary.total,
    cards: posts.body.map((p) => ({ ...toCard(p, site.site, cardSrcset(p, site.site), countyNameIn(lang, p.tag_slug, p.tag_name), cardPrice(t, p)), rating: cardRating(p, t) })),
    facets: {
      ...facets,
      categories: facets.categories.map((c) => {
        const full = bySlug.get(c.slug);
        const ref = { ...c, is_child: full?.is_child ?? false, parent_slug: full?.parent_slug ?? null, parent_name: full?.parent_name ?? null };
        const parent = ref.parent_slug ? { slug: ref.parent_slug, name: ref.parent_name ?? '' } : null;
        return { ...ref, href: withDate(listingPath('county', ref, parent, view.county)) };
      }),
      counties: facets.counties.map((c) => ({ ...c, href: withDate(listingPath('category', view.category, view.parent, c)) })),
      prices: facets.prices.map((p) => ({ ...p, href: withDate(withPrice(view.path, p.value)) })),
    },
    // Each category's icon once (the menu and the county dialog both show it): the page's data goes to the browser
    // in the page, and Vike's serializer costs by the value.
    icons: Object.fromEntries([...active.map((c) => c.slug), ...facets.categories.map((c) => c.slug)].map((slug) => [slug, bySlug.get(slug)?.svg_path ?? ''])),
    categoryMenu,
    // Dublin first, then the others as the API orders them.
    countyMenu: [...summary.active_counties.filter((c) => c.slug === 'dublin'), ...summary.active_counties.filter((c) => c.slug !== 'dublin')].map(({ slug, name }) => ({ slug, name })),
    children,
  };
}

/** ?date= and ?slot= of a listing page, when the date can be searched (today to three years ahead, in Ireland). */
function parseDateSearch(date: unknown, slot: unknown, today: string): DateSearch | null {
  if (typeof date !== 'string' || calendarDayProblem('date', date, today) !== null) return null;
  return { date, slot: typeof slot === 'string' && (CALENDAR_SLOTS as readonly string[]).includes(slot) ? (slot as CalendarSlot) : null };
}
