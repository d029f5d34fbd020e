import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../../components/JsonLd';
import { COPY } from '../../../lib/copy';
import type { Data } from './+data';

/** Article structured data (the canonical URL: +canonical.ts). */
export default function Head() {
  const { article } = useData<Data>();
  const { site } = usePageContext();
  const url = `${site.siteOrigin}/articles/${article.slug}`;
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.excerpt,
          image: [article.image],
          datePublished: article.published_at,
          dateModified: article.updated_at,
          author: { '@type': 'Organization', name: article.author },
          publisher: { '@type': 'Organization', name: COPY[site.site].siteName },
          mainEntityOfPage: url,
        }}
      />
    </>
  );
}
