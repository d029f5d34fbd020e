export function onPageTransitionEnd() {
  document.documentElement.classList.remove('is-navigating');
  document.body.style.minHeight = '';
}
