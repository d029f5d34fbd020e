import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../components/JsonLd';
import { COPY } from '../../lib/copy';
import { breadcrumbs } from '../../lib/listing';
import type { Data } from './+data';

/**
 * Category-in-county pages reached through /counties/... name their /categories/... twin as canonical;
 * every listing describes its place in the directory as a BreadcrumbList.
 */
export default function Head() {
  const { view } = useData<Data>();
  const { site } = usePageContext();
  const crumbs = breadcrumbs(view, COPY[site.site].siteName);
  return (
    <>
      <link rel="canonical" href={`${site.siteOrigin}${view.canonicalPath ?? view.path}`} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${site.siteOrigin}${c.path}` })),
        }}
      />
    </>
  );
}
