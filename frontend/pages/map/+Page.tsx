import { lazy, Suspense } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Spinner } from '../../components/Icon';
import { useHydrated } from 'vike-react/useHydrated';

const MapScreen = lazy(() => import('../../components/MapScreen'));
const EVERYWHERE = { catSlug: '', tagSlug: '', price: null };

/** Page pattern 8: every profile of the 32 counties on one map. */
export default function Page() {
  const { site } = usePageContext();
  const hydrated = useHydrated();
  return (
    <section>
      <h1>32 Counties</h1>
      <p>Every profile in the directory on one map. Choose a marker to see who it is.</p>
      {hydrated ? (
        <Suspense fallback={<Spinner label="Loading the map" />}>
          <MapScreen site={site} filters={EVERYWHERE} inline />
        </Suspense>
      ) : (
        <Spinner label="Loading the map" />
      )}
      <p>
        Prefer a list? Browse by <a href="/counties">county</a> or <a href="/categories">category</a>.
      </p>
    </section>
  );
}
