import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../components/JsonLd';
import { COPY } from '../../lib/copy';
import { langPath } from '../../lib/lang';
import { breadcrumbs } from '../../lib/listing';
import type { Data } from './+data';

/** Every listing describes its place in the directory as a BreadcrumbList, in the page's language. */
export default function Head() {
  const { view } = useData<Data>();
  const { site, lang } = usePageContext();
  const crumbs = breadcrumbs(view, COPY[site.site].siteName);
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: `${site.siteOrigin}${langPath(lang, c.path)}` })),
      }}
    />
  );
}
