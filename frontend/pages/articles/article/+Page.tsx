import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Picture } from '../../../components/Picture';
import { articleDate } from '../../../lib/dates';
import { ARTICLE_SIZES } from '../../../lib/image-sizes';
import type { Data } from './+data';

/** One guide article. Its HTML is written by the site's editors and sanitised by the API when stored and when served. */
export default function Page() {
  const { article } = useData<Data>();
  const { lang } = usePageContext();
  return (
    <article className="article page-narrow">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <a href="/articles">Guides and articles</a>
          </li>
          <li>
            <a href={`/articles/${article.slug}`} aria-current="page">
              {article.title}
            </a>
          </li>
        </ol>
      </nav>
      <h1>{article.title}</h1>
      <p className="muted">
        {article.author} · <time dateTime={article.published_at}>{articleDate(article.published_at, lang)}</time>
      </p>
      <Picture
        className="article-image"
        src={article.image}
        srcset={article.imageSrcset}
        sizes={ARTICLE_SIZES}
        width={1200}
        height={630}
        alt=""
        fetchPriority="high"
      />
      <p className="lead">{article.excerpt}</p>
      <div className="article-body" dangerouslySetInnerHTML={{ __html: article.content }} />
    </article>
  );
}
