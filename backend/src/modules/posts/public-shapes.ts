/**
 * The selections the public posts list answers, as requests: what `npm run explain` plans, the benchmark times and a
 * new API process warms up (warm-up.ts).
 */
/** The band the plans and timings ask for: the middle of the seeded prices. */
export const SAMPLE_BAND = '200-349';

export interface Shape {
  /** What the request selects, e.g. "category + county + price". */
  name: string;
  /** The public request, e.g. /api/posts/?catSlug=harpists&limit=20&offset=0. */
  path: string;
}

export interface Sample {
  category: string;
  county: string;
  price: string;
  /** A catalogue piece (church repertoire), for the "plays {piece}" shapes. */
  piece?: number;
  parents: { slug: string; open: boolean }[];
  /** A day to search by date (YYYY-MM-DD, today or later); without it, no search by date is among the shapes. */
  date?: string;
}

/**
 * Every selection the public posts list answers (spec: catSlug, tagSlug, price; catSlug a category or a parent
 * group), first page of 20 in its one order (newest first), plus the facet and price counts of each selection.
 */
export function publicShapes(s: Sample): Shape[] {
  const categories: [string, string | undefined][] = [
    ['all', undefined],
    ['category', s.category],
    ...s.parents.map((p): [string, string] => [p.open ? 'parent group (open range)' : 'parent group', p.slug]),
  ];
  const shapes: Shape[] = [];
  for (const [catName, catSlug] of categories) {
    for (const county of [undefined, s.county]) {
      for (const price of [undefined, s.price]) {
        const parts = [catSlug ? catName : null, county ? 'county' : null, price ? 'price' : null].filter(Boolean);
        const name = parts.length ? parts.join(' + ') : 'none (all)';
        const query = new URLSearchParams();
        if (catSlug) query.set('catSlug', catSlug);
        if (county) query.set('tagSlug', county);
        if (price) query.set('price', price);
        const selection = query.toString();
        query.set('limit', '20');
        query.set('offset', '0');
        shapes.push({ name: `list: ${name}`, path: `/api/posts/?${query}` });
        shapes.push({ name: `facets: ${name}`, path: `/api/facets/?${selection}` });
      }
    }
  }
  if (s.date) addDateShapes(shapes, { ...s, date: s.date });
  // The budget band (newest first) and the list by from-price, with a category and a county: their own indexes
  // (migration PriceDetails). A parent group walks them checking the category, as above.
  for (const [catName, catSlug] of categories.slice(0, 2)) {
    for (const county of [undefined, s.county]) {
      const parts = [catSlug ? catName : null, county ? 'county' : null].filter(Boolean);
      const query = new URLSearchParams();
      if (catSlug) query.set('catSlug', catSlug);
      if (county) query.set('tagSlug', county);
      query.set('limit', '20');
      query.set('offset', '0');
      shapes.push({ name: `list: ${[...parts, 'band'].join(' + ')}`, path: `/api/posts/?${query}&band=${SAMPLE_BAND}` });
      shapes.push({ name: `list: ${parts.length ? parts.join(' + ') : 'all'} by price`, path: `/api/posts/?${query}&sort=price` });
    }
  }
  // The repertoire's filters walk the shape's list index, looking each listing up in post_pieces' indexes.
  if (s.piece !== undefined) {
    shapes.push({ name: 'list: plays piece', path: `/api/posts/?piece=${s.piece}&limit=20&offset=0` });
    shapes.push({ name: 'list: category + county plays piece', path: `/api/posts/?catSlug=${s.category}&tagSlug=${s.county}&piece=${s.piece}&limit=20&offset=0` });
  }
  shapes.push({ name: 'list: sings in Irish', path: '/api/posts/?irish=1&limit=20&offset=0' });
  shapes.push({ name: 'list: county sings in Irish', path: `/api/posts/?tagSlug=${s.county}&irish=1&limit=20&offset=0` });
  shapes.push({ name: 'summary', path: '/active-cats-tags/' });
  return shapes;
}

function addDateShapes(shapes: Shape[], s: Sample & { date: string }): void {
  // The search by date: the first page (free ones first, then unknown), its counts and the facets, on the whole day
  // and on a morning, for the selections the listing pages open on.
  for (const [name, selection] of [
    ['none (all)', {}],
    ['category', { catSlug: s.category }],
    ['county', { tagSlug: s.county }],
    ['category + county', { catSlug: s.category, tagSlug: s.county }],
  ] as const) {
    for (const slot of [undefined, 'am']) {
      const query = new URLSearchParams({ ...selection, date: s.date, ...(slot ? { slot } : {}) });
      const label = `date${slot ? ' (morning)' : ''}: ${name}`;
      shapes.push({ name: `list on ${label}`, path: `/api/posts/?${query}&limit=20&offset=0` });
      shapes.push({ name: `facets on ${label}`, path: `/api/facets/?${query}` });
    }
  }
}
