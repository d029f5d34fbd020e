export function onPageTransitionEnd() {
  document.documentElement.classList.remove('is-navigating');
}
