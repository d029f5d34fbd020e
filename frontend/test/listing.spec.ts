import { profilePath } from '@directory/domain';
import { listingPath, listingTitle, matchListing, parsePrice, refine, resolveListing, Taxonomy } from '../lib/listing';
import type { Category, Site } from '../lib/types';
import { translatorFor } from './support/page-context';

const cat = (id: number, slug: string, name: string, parent: string | null = null): Category => ({
  id,
  slug,
  name,
  name_abbrev: name,
  description: '',
  svg_path: '',
  is_child: parent !== null,
  is_primary: true,
  parent_slug: parent,
  parent_name: parent ? 'Artistic Activities' : null,
});

const tax: Taxonomy = {
  categories: [cat(1, 'harpists', 'Harpists'), cat(16, 'school-workshops-drama', 'Drama Workshops', 'artistic-activities')],
  counties: [
    { slug: 'dublin', name: 'Dublin' },
    { slug: 'cork', name: 'Cork' },
  ],
  parents: [{ slug: 'artistic-activities', name: 'Artistic Activities' }],
};
const resolve = (path: string, site: 'church' | 'cliste' | 'multi' = 'cliste') => {
  const m = matchListing(path);
  return m && resolveListing(m, tax, site, 'all-categories');
};

describe('listing routes', () => {
  it.each([
    ['/', 7, 'category', '', ''],
    ['/categories/harpists', 1, 'category', 'harpists', ''],
    ['/categories/harpists/dublin', 2, 'category', 'harpists', 'dublin'],
    ['/categories/artistic-activities', 1, 'category', 'artistic-activities', ''],
    ['/categories/artistic-activities/school-workshops-drama', 3, 'category', 'school-workshops-drama', ''],
    ['/categories/artistic-activities/school-workshops-drama/cork', 4, 'category', 'school-workshops-drama', 'cork'],
    ['/categories/artistic-activities/cork', 2, 'category', 'artistic-activities', 'cork'],
    ['/counties/all-counties', 9, 'county', '', ''],
    ['/counties/dublin', 5, 'county', '', 'dublin'],
    ['/counties/dublin/harpists', 6, 'county', 'harpists', 'dublin'],
    ['/categories/all-categories', 7, 'category', '', ''],
  ])('%s is pattern %i in %s mode filtering %s / %s', (path, pattern, mode, catSlug, tagSlug) => {
    expect(resolve(path)).toMatchObject({ pattern, mode, catSlug, tagSlug });
  });

  it.each(['/categories/banjo', '/categories/harpists/narnia', '/counties/narnia', '/counties/dublin/banjo', '/categories/school-workshops-drama', '/categories/harpists/school-workshops-drama', '/a/b', '/categories/Harpists', '/categories/a/b/c/d'])(
    '%s does not exist',
    (path) => expect(resolve(path)).toBeNull(),
  );

  it('serves /{category_slug} listings on the multi-user site only', () => {
    expect(resolve('/harpists', 'multi')).toMatchObject({ catSlug: 'harpists', pattern: 1 });
    expect(resolve('/harpists', 'church')).toBeNull();
  });

  it('points category-in-county pages reached through /counties at their /categories twin', () => {
    expect(resolve('/counties/dublin/harpists')).toMatchObject({ path: '/counties/dublin/harpists', canonicalPath: '/categories/harpists/dublin' });
    expect(resolve('/counties/cork/school-workshops-drama')?.canonicalPath).toBe('/categories/artistic-activities/school-workshops-drama/cork');
    expect(resolve('/categories/harpists/dublin')?.canonicalPath).toBeNull();
  });

  it('titles listings by category, site, or county plus short site name', () => {
    const t = translatorFor('en');
    const title = (path: string, site: Site) => listingTitle(resolve(path, site)!, site, (id, v) => t._(id, v), 'Dublin');
    expect(title('/', 'church')).toBe('Church Musicians Ireland');
    expect(title('/categories/harpists/dublin', 'church')).toBe('Harpists in Dublin');
    expect(title('/counties/dublin', 'church')).toBe('Dublin Church Musicians');
    expect(listingTitle(resolve('/counties/cork', 'cliste')!, 'cliste', (id, v) => t._(id, v), 'Cork')).toBe('Cork Cliste');
  });

  it('titles Irish listings with the county after "i" in its own form', () => {
    const t = translatorFor('ga');
    const title = (path: string, countyIn: string) => listingTitle(resolve(path, 'church')!, 'church', (id, v) => t._(id, v), countyIn);
    expect(title('/categories/harpists/dublin', 'i mBaile Átha Cliath')).toBe('Harpists i mBaile Átha Cliath');
    expect(title('/counties/dublin', '')).toBe('Church Musicians: Dublin');
  });

  it('builds listing paths in each mode', () => {
    const harpists = tax.categories[0];
    const drama = tax.categories[1];
    expect(listingPath('category', null, null, null)).toBe('/');
    expect(listingPath('category', harpists, null, tax.counties[0])).toBe('/categories/harpists/dublin');
    expect(listingPath('category', drama, tax.parents[0], null)).toBe('/categories/artistic-activities/school-workshops-drama');
    expect(listingPath('county', null, null, null)).toBe('/counties/all-counties');
    expect(listingPath('county', harpists, null, tax.counties[1])).toBe('/counties/cork/harpists');
  });
});

describe('helpers', () => {
  it('accepts only the three price types', () => {
    expect(parsePrice('nominal_charge')).toBe('nominal_charge');
    expect(parsePrice('cheap')).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
  });

  it('links profiles per site variant', () => {
    const p = { slug: 'school-tours-burren-farm', categorySlug: 'female-singers' };
    expect(profilePath('church', p)).toBe('/profile/school-tours-burren-farm');
    expect(profilePath('cliste', p)).toBe('/school-tours-burren-farm');
    expect(profilePath('multi', p)).toBe('/female-singers/school-tours-burren-farm');
  });

  it("filters dialog items case-insensitively on slug or name, as 'Refine your search...' does", () => {
    const items = [
      { slug: 'dun-laoghaire', name: 'Dún Laoghaire' },
      { slug: 'cork', name: 'Cork' },
    ];
    expect(refine(items, 'CORK')).toEqual([items[1]]);
    expect(refine(items, 'laoghaire')).toEqual([items[0]]);
    expect(refine(items, 'Dún')).toEqual([items[0]]);
    expect(refine(items, '  ')).toEqual(items);
  });
});
