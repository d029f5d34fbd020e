import { COPY, TEXT } from '../lib/copy';
import type { Site } from '../lib/types';

/** Landing content of the home listing, per site variant (spec section 1). */
export function Landing({ site, total }: { site: Site; total: number }) {
  const copy = COPY[site];
  return (
    <div className="landing">
      {site === 'cliste' && <p className="turas">{TEXT.turasCliste}</p>}
      <p className="choose">
        Choose from {total} {copy.choose}
      </p>
      {/* The founder's words are about the church directory (spec section 1: church variant only). */}
      {site === 'church' && (
        <figure className="testimonial">
          <blockquote>
            <p>
              “I started this directory in 2008 so couples could hear a musician before they book. Every profile here
              lets you listen, compare and contact the musician directly.”
            </p>
          </blockquote>
          <figcaption>Founder, {copy.siteName}</figcaption>
        </figure>
      )}
      <p className="join-blurb">
        {copy.joinBlurb} <a href="/sign-up-start">Join FREE!</a>
      </p>
    </div>
  );
}
