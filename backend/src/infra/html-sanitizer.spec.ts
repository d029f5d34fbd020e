import { ARTICLE_SEEDS } from '../../tools/seed/articles';
import { articleHtml } from '../../tools/seed/seed';
import { ICON_NAMES, svgIcon } from '../../tools/seed/icons';
import { sanitizeArticleHtml, sanitizeIconSvg } from './html-sanitizer';

describe('sanitizeArticleHtml', () => {
  it('cleans a text it has cleaned before the same way (each answer cleans again, from memory), and a long one too', () => {
    const dirty = '<p onclick="alert(1)">Hi</p><script>alert(1)</script>';
    expect([sanitizeArticleHtml(dirty), sanitizeArticleHtml(dirty), sanitizeArticleHtml(`${dirty} `)]).toEqual(['<p>Hi</p>', '<p>Hi</p>', '<p>Hi</p> ']);
    const long = `<p>${'a'.repeat(600_000)}</p><iframe src="https://x.example"></iframe>`;
    expect(sanitizeArticleHtml(long)).toBe(`<p>${'a'.repeat(600_000)}</p>`);
    expect(sanitizeArticleHtml(long)).toBe(`<p>${'a'.repeat(600_000)}</p>`);
    // Each sanitiser remembers its own: an icon keeps no <p>.
    expect(sanitizeIconSvg(dirty)).toBe('Hi');
  });

  it('keeps every seeded article as it is', () => {
    for (const seed of Object.values(ARTICLE_SEEDS).flat()) {
      const html = articleHtml(seed);
      expect(sanitizeArticleHtml(html)).toBe(html);
    }
  });

  it('keeps what editors write: headings, emphasis, lists, quotes, links and images', () => {
    const html =
      '<h2>Hymns</h2><p>Sing <strong>loud</strong> and <em>clear</em>.<br /></p><ul><li>One</li></ul><ol start="2"><li>Two</li></ol>' +
      '<blockquote>Quote</blockquote><p><a href="https://example.ie/a?b=1" title="More">more</a> <a href="mailto:hello@example.ie">mail</a> ' +
      '<a href="/articles/x">here</a></p><figure><img src="https://api.example.ie/storage/article-assets/x.webp" alt="A harp" width="600" height="400" /><figcaption>Harp</figcaption></figure>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<p onclick="alert(1)" style="color:red">Hi</p>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)" />', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVa&#x09;ScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=" />', '<img />'],
    ['<iframe src="https://evil.example/"></iframe><p>after</p>', '<p>after</p>'],
    ['<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>', '<img src="x" />'],
    ['<style>body{display:none}</style><form action="https://evil.example/"><input name="q"></form>', ''],
    ['<p>a &lt;script&gt; in text stays text</p>', '<p>a &lt;script&gt; in text stays text</p>'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizeArticleHtml(dirty)).toBe(clean);
  });
});

describe('sanitizeIconSvg', () => {
  it('keeps every seeded icon as it is', () => {
    for (const name of ICON_NAMES) expect(sanitizeIconSvg(svgIcon(name))).toBe(svgIcon(name));
  });

  it.each([
    ['<svg onload="alert(1)" viewBox="0 0 24 24"><path d="M0 0h24" /></svg>', '<svg viewBox="0 0 24 24"><path d="M0 0h24" /></svg>'],
    ['<svg><script>alert(1)</script><path d="M0 0" onclick="alert(1)" /></svg>', '<svg><path d="M0 0" /></svg>'],
    ['<svg><foreignObject><body><img src="x" onerror="alert(1)"></body></foreignObject></svg>', '<svg></svg>'],
    ['<svg><a href="javascript:alert(1)"><circle cx="1" cy="1" r="1" /></a></svg>', '<svg><circle cx="1" cy="1" r="1" /></svg>'],
    ['<svg><use href="data:image/svg+xml,x#a" /><image href="https://evil.example/x.svg" /></svg>', '<svg></svg>'],
    ['<svg><animate attributeName="href" to="javascript:alert(1)" /><set attributeName="onmouseover" to="alert(1)" /></svg>', '<svg></svg>'],
    ['<svg><style>*{}</style><path style="fill:url(https://evil.example/)" d="M0 0" /></svg>', '<svg><path d="M0 0" /></svg>'],
    ['<svg ONLOAD="alert(1)"><PATH D="M0 0" /></svg>', '<svg><path /></svg>'],
  ])('cleans %s', (dirty, clean) => {
    expect(sanitizeIconSvg(dirty)).toBe(clean);
  });
});
