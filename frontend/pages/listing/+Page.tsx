import { ALL_COUNTIES_SLUG } from '@directory/domain';
import { lazy, Suspense, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { CardList } from '../../components/CardList';
import { FilterBar } from '../../components/FilterBar';
import { CategoryIcon, Spinner } from '../../components/Icon';
import { Landing } from '../../components/Landing';
import { preloadRefineDialog, RefineDialog } from '../../components/LazyRefineDialog';
import { ShowMapButton } from '../../components/ShowMapButton';
import { allEntry, ChipMenu } from '../../components/Menus';
import { useI18n } from '../../lib/i18n';
import { listingPath, SearchMode } from '../../lib/listing';
import type { Data } from './+data';

// Leaflet and the map screen load only when a visitor opens the map.
const MapScreen = lazy(() => import('../../components/MapScreen'));

export default function Page() {
  const data = useData<Data>();
  const { site } = usePageContext();
  const { t, href } = useI18n();
  const { view, price, facets, total, keep } = data;
  const [mode, setMode] = useState<SearchMode>(view.mode);
  const [dialog, setDialog] = useState<'refine' | 'price' | null>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const close = () => setDialog(null);

  const { filters } = data;
  const selectionName = view.category?.name ?? view.parent?.name ?? null;
  const currentPrice = facets.prices.find((p) => p.value === price);
  const priceLabel = currentPrice?.title ?? t('listing.price');
  const refineLabel = mode === 'category' ? (view.county?.name ?? t('listing.refineByCounty')) : (selectionName ?? t('listing.refineByCategory'));

  // Category mode refines by county; county mode refines by category (the refine dialogs).
  const countyItems = facets.counties.map((c) => ({
    slug: c.slug,
    name: c.name,
    tag: selectionName ?? t('listing.all'),
    count: c.count,
    href: href(c.href),
    current: c.slug === view.county?.slug,
  }));
  const categoryItems = facets.categories.map((c) => ({
    slug: c.slug,
    name: c.name,
    tag: view.county?.name ?? t('listing.allCounties'),
    count: c.count,
    icon: <CategoryIcon svg={data.icons[c.slug] ?? ''} />,
    href: href(c.href),
    current: c.slug === view.category?.slug,
  }));

  const countyEntries = [
    allEntry(t('listing.all'), href(`/counties/${ALL_COUNTIES_SLUG}${keep}`)),
    ...data.countyMenu.map((c) => ({ slug: c.slug, label: c.name, href: href(`/counties/${c.slug}${keep}`) })),
  ];
  const categoryEntries = [allEntry(t('listing.all'), href(`/${keep}`)), ...data.categoryMenu.map((c) => ({ slug: c.slug, label: c.label, href: href(c.href), icon: data.icons[c.slug] ?? '' }))];

  return (
    <div className="listing">
      <header className="listing-head">
        <h1>{data.heading}</h1>
        <p className="subtitle">
          <span className="count" data-testid="profile-count">
            {data.count}
          </span>{' '}
          {data.countWords}
          <span className="nav-spinner">
            <Spinner label={t('listing.loadingProfiles')} />
          </span>
        </p>
        {view.pattern === 7 && <Landing total={data.grandTotal} />}
      </header>

      <FilterBar
        mode={mode}
        onMode={setMode}
        refineLabel={refineLabel}
        onRefine={() => setDialog('refine')}
        priceLabel={priceLabel}
        onPrice={() => setDialog('price')}
        onIntent={preloadRefineDialog}
        dateForm={data.dateForm}
      />

      <div role="tabpanel" aria-labelledby={`tab-${mode}`} id="search-menu">
        {mode === 'category' ? (
          <ChipMenu label={t('layout.categories')} entries={categoryEntries} current={view.category?.slug ?? (view.parent ? null : '__all')} />
        ) : (
          <ChipMenu label={t('layout.counties')} entries={countyEntries} current={view.county?.slug ?? '__all'} />
        )}
      </div>

      {data.children.length > 0 && view.parent && (
        <ChipMenu
          label={t('listing.parentCategories', { parent: view.parent.name })}
          entries={[allEntry(t('listing.all'), href(listingPath('category', null, view.parent, view.county))), ...data.children.map((c) => ({ slug: c.slug, label: c.name, href: href(c.href) }))]}
          current={view.category?.slug ?? '__all'}
        />
      )}

      <CardList key={data.listKey} initial={data.cards} total={total} filters={filters} site={site} />

      <ShowMapButton onOpen={() => setMapOpen(true)} />
      {mapOpen && (
        <Suspense fallback={<div className="map-screen map-loading"><Spinner label={t('listing.loadingMap')} /></div>}>
          <MapScreen site={site} filters={filters} onClose={() => setMapOpen(false)} />
        </Suspense>
      )}

      {mode === 'category' ? (
        <RefineDialog
          title={t('listing.countyDialog', { selection: selectionName ?? t('listing.all') })}
          open={dialog === 'refine'}
          onClose={close}
          items={countyItems}
          emptyText={t('listing.noCounty')}
          clear={{ href: href(listingPath('category', view.category, view.parent, null)), label: t('listing.clearCounty') }}
        />
      ) : (
        <RefineDialog
          title={t('listing.categoryDialog', { selection: view.county?.name ?? t('listing.allCounties') })}
          open={dialog === 'refine'}
          onClose={close}
          items={categoryItems}
          emptyText={t('listing.noCounty')}
          clear={{ href: href(listingPath('county', null, null, view.county)), label: t('listing.clearCategory') }}
        />
      )}
      <RefineDialog
        title={t('listing.price')}
        open={dialog === 'price'}
        onClose={close}
        items={data.priceItems}
        emptyText={t('listing.noPrice')}
        note={facets.prices.length === 1 ? <p className="note">{t('listing.singlePrice', { description: facets.prices[0].description })}</p> : null}
        clear={data.priceClear}
      />
    </div>
  );
}
