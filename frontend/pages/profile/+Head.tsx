import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../components/JsonLd';
import { firstWords } from '../../lib/profile';
import { offerJsonLd } from '../../lib/price-jsonld';
import { reviewedBusiness } from '../../lib/review-json-ld';
import type { Data } from './+data';

/**
 * On video listings, VideoObject structured data described by the first 22 words; with a price breakdown, the service
 * and its Offer (the canonical URL: +canonical.ts); on reviewed ones, the lister as a local business with its rating
 * and the reviews shown on the page. Only profiles carry rating data: listing pages and the site's own data never do
 * (Google's review-snippet rules).
 */
export default function Head() {
  const { post, path, reviews } = useData<Data>();
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
      {reviews.summary.count > 0 && <JsonLd data={reviewedBusiness(post, `${site.siteOrigin}${path}`, reviews)} />}
    </>
  );
}
