import { usePageContext } from 'vike-react/usePageContext';
// The whole stylesheet (about 4 KB gzipped) goes inline in every page rather than as a <link>: a stylesheet link
// blocks the first paint for a round trip (Lighthouse's render-blocking finding), and client-side navigation keeps
// this <head>, so later pages have it too. Head runs on the server only, so the CSS is not in the browser's bundle.
import globalCss from '../styles/global.css?inline';

export default function Head() {
  const { cspNonce } = usePageContext();
  return (
    <>
      <meta name="theme-color" content="#1d4e5f" />
      <link rel="icon" href="data:," />
      <style nonce={cspNonce ?? undefined} dangerouslySetInnerHTML={{ __html: globalCss }} />
    </>
  );
}
