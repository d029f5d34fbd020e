/** While the next page's data loads, listings show skeleton cards and a spinner (styles/global.css). */
export function onPageTransitionStart() {
  document.documentElement.classList.add('is-navigating');
}
