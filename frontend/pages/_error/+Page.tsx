import { usePageContext } from 'vike-react/usePageContext';
import { TEXT } from '../../lib/copy';

export default function Page() {
  const { is404 } = usePageContext();
  return (
    <section className="page-narrow error-page">
      {is404 ? (
        <>
          <h1>{TEXT.notFound}</h1>
          <p>That page does not exist. Try the <a href="/">full directory</a> or browse by <a href="/counties">county</a>.</p>
        </>
      ) : (
        <>
          <h1>Something went wrong</h1>
          <p>Please try again in a moment.</p>
        </>
      )}
    </section>
  );
}
