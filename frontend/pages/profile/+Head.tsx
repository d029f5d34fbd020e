import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { JsonLd } from '../../components/JsonLd';
import { firstWords } from '../../lib/profile';
import type { Data } from './+data';

/** Canonical URL and, on video listings, VideoObject structured data described by the first 22 words. */
export default function Head() {
  const { post, path } = useData<Data>();
  const { site } = usePageContext();
  return (
    <>
      <link rel="canonical" href={`${site.siteOrigin}${path}`} />
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
    </>
  );
}
