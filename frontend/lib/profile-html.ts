/**
 * The parts of a profile the server renders to HTML and the page places as they are (lib/profile-html.server.tsx):
 * they are read, not used, so the profile's first JavaScript carries none of their code (the page JavaScript budget,
 * docs/performance.md). Apart so that the page's component can name the type without the server's renderer.
 */
export interface ProfileHtml {
  /** What the price includes; null when the lister has not said. */
  priceHtml: string | null;
  /** The next months' availability; null when the profile shows none (a draft). */
  availabilityHtml: string | null;
}
