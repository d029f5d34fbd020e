import { useData } from 'vike-react/useData';
import { JsonLd } from '../../components/JsonLd';
import { firstWords } from '../../lib/profile';
import type { Data } from './+data';

/** On video listings, VideoObject structured data described by the first 22 words (the canonical URL: +canonical.ts). */
export default function Head() {
  const { post } = useData<Data>();
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
    </>
  );
}
