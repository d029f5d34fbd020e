/**
 * While the next page's data loads, listings show skeleton cards and a spinner (styles/global.css). The page keeps
 * its height meanwhile, so the shorter skeleton grid does not pull a kept scroll position up.
 */
export function onPageTransitionStart() {
  const root = document.documentElement;
  document.body.style.minHeight = `${root.scrollHeight}px`;
  root.classList.add('is-navigating');
}
