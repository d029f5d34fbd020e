import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../components/JsonLd';
import { firstWords } from '../../lib/profile';
import { offerJsonLd } from '../../lib/price-jsonld';
import type { Data } from './+data';

/**
 * On video listings, VideoObject structured data described by the first 22 words; with a price breakdown, the service
 * and its Offer (the canonical URL: +canonical.ts).
 */
export default function Head() {
  const { post, path } = useData<Data>();
  const { site } = usePageContext();
  return (
    <>
      <meta name="twitter:title" content={post.title} />
      {post.youtubeId && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'VideoObject',
            name: post.title,
            description: firstWords(post.content),
            thumbnailUrl: [post.image],
            uploadDate: post.createdAt,
            embedUrl: `https://www.youtube-nocookie.com/embed/${post.youtubeId}`,
            contentUrl: `https://www.youtube.com/watch?v=${post.youtubeId}`,
          }}
        />
      )}
      {post.priceDetails && <JsonLd data={offerJsonLd(post, post.priceDetails, `${site.siteOrigin}${path}`)} />}
    </>
  );
}
