import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Picture } from '../../../components/Picture';
import { articleDate } from '../../../lib/dates';
import { CARD_SIZES } from '../../../lib/image-sizes';
import type { Data } from './+data';


/** The guide blog: every published article, newest first. */
export default function Page() {
  const { articles } = useData<Data>();
  const { lang } = usePageContext();
  return (
    <section className="index-page">
      <h1>Guides and articles</h1>
      <ul className="cards article-cards">
        {articles.map((a, i) => (
          <li key={a.id} className="card">
            <a href={`/articles/${a.slug}`}>
              <span className="card-media article-media">
                <Picture
                  src={a.image}
                  srcset={a.imageSrcset}
                  sizes={CARD_SIZES}
                  width={1200}
                  height={630}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                />
              </span>
              <span className="card-title">{a.title}</span>
              <span className="card-meta">{a.excerpt}</span>
              <span className="card-meta">
                <time dateTime={a.published_at}>{articleDate(a.published_at, lang)}</time>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
