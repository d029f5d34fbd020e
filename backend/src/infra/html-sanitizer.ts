import sanitizeHtml, { IOptions } from 'sanitize-html';

/**
 * The only file that imports sanitize-html. Article bodies and category icons are markup the site inserts into its
 * pages as is, so each passes an allowlist before it is stored (seed, admin writes) and again when the API answers
 * with it (rows stored before, or by hand). Anything not listed goes: scripts, styles, event handlers, javascript:
 * and data: URLs, iframes, forms, foreignObject and every other SVG element that can load or run something.
 */

/** What a guide article is written with: headings, paragraphs, emphasis, lists, quotes, links and images. */
const ARTICLE: IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 'small', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'figure', 'figcaption'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height', 'loading'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

/** What an icon is drawn with (see backend/tools/seed/icons.ts, the demo data's icons): an <svg> of basic shapes, fills and strokes. */
const SHAPES = ['path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon'];
const PAINT = ['fill', 'fill-rule', 'fill-opacity', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity', 'opacity', 'transform'];
const ICON: IOptions = {
  allowedTags: ['svg', 'g', ...SHAPES],
  allowedAttributes: {
    svg: ['xmlns', 'viewBox', 'width', 'height', 'aria-hidden', 'focusable', 'role', ...PAINT],
    g: PAINT,
    path: ['d', ...PAINT],
    circle: ['cx', 'cy', 'r', ...PAINT],
    ellipse: ['cx', 'cy', 'rx', 'ry', ...PAINT],
    rect: ['x', 'y', 'width', 'height', 'rx', 'ry', ...PAINT],
    line: ['x1', 'y1', 'x2', 'y2', ...PAINT],
    polyline: ['points', ...PAINT],
    polygon: ['points', ...PAINT],
  },
  allowedSchemes: [],
  // SVG attribute names are case-sensitive (viewBox); the allowlist is matched exactly, so other cases still go.
  parser: { lowerCaseAttributeNames: false },
  selfClosing: SHAPES,
};

/**
 * The cleaned text of each input already cleaned, since every answer showing an article or an icon cleans it again
 * (rows written before the sanitiser or by hand): parsing an article's markup was most of a cold article answer's
 * time, and the output depends on the input alone. Bounded by the characters kept; past that it starts afresh.
 */
function remembered(clean: (input: string) => string, maxChars = 4_000_000): (input: string) => string {
  const kept = new Map<string, string>();
  let chars = 0;
  return (input) => {
    let out = kept.get(input);
    if (out === undefined) {
      out = clean(input);
      if (input.length + out.length > maxChars / 8) return out;
      chars += input.length + out.length;
      if (chars > maxChars) {
        kept.clear();
        chars = input.length + out.length;
      }
      kept.set(input, out);
    }
    return out;
  };
}

export const sanitizeArticleHtml = remembered((html) => sanitizeHtml(html, ARTICLE));

export const sanitizeIconSvg = remembered((svg) => sanitizeHtml(svg, ICON));
