import { category, COUNTIES, insert, post } from './support/fixtures';
import { resetDatabase, startApp, TestApp } from './support/app';

/** Article HTML and category icons reach pages as markup, so the API answers them cleaned whatever the row holds. */
describe('article and icon markup', () => {
  let t: TestApp;
  const evilIcon =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script>' +
    '<foreignObject><img src="x" onerror="alert(3)"></foreignObject><a href="javascript:alert(4)"><path d="M0 0h24v24H0z" onclick="alert(5)"/></a></svg>';
  const cleanIcon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" /></svg>';

  beforeAll(async () => {
    t = await startApp('church');
    await resetDatabase(t.ds);
    // Written straight into the tables, as a row stored before the sanitiser or edited by hand would be.
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'harpists', 'Harpists', { svgPath: evilIcon })],
      posts: [post('harpist', 1, 'dublin')],
      articles: [
        {
          title: 'Harp or quartet',
          slug: 'harp-or-quartet',
          excerpt: 'Choosing',
          content:
            '<p onmouseover="alert(1)">A harp <a href="javascript:alert(2)">suits</a> a chapel.</p><script>alert(3)</script>' +
            '<img src="https://example.ie/harp.webp" alt="Harp" onerror="alert(4)"><iframe src="https://evil.example/"></iframe>' +
            '<svg><foreignObject><p>x</p></foreignObject></svg><a href="https://example.ie/more">More</a>',
          image: 'harp-or-quartet.webp',
          author: 'The team',
          status: 'publish',
          publishedAt: new Date(Date.UTC(2025, 0, 1)),
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('answers an article body without scripts, event handlers, javascript: links or foreign elements', async () => {
    const { body } = await t.http().get('/api/articles/harp-or-quartet/').expect(200);
    expect(body.content).toBe('<p>A harp <a>suits</a> a chapel.</p><img src="https://example.ie/harp.webp" alt="Harp" /><p>x</p><a href="https://example.ie/more">More</a>');
  });

  it('answers a category icon as a plain SVG drawing in every answer that carries it', async () => {
    const list = await t.http().get('/api/categories/').expect(200);
    expect(list.body[0].svg_path).toBe(cleanIcon);
    const one = await t.http().get('/api/categories/harpists/').expect(200);
    expect(one.body.svg_path).toBe(cleanIcon);
    const summary = await t.http().get('/active-cats-tags/').expect(200);
    expect(summary.body.categories.harpists.svg_path).toBe(cleanIcon);
  });
});
