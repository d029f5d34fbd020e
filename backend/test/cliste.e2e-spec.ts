import { category, COUNTIES, insert, post } from './support/fixtures';
import { resetDatabase, startApp, TestApp } from './support/app';

/** Cliste: two configured parents group child categories by id range (16-20 and above 20). */
describe('parent categories (cliste)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp('cliste');
    await resetDatabase(t.ds);
    await insert(t.ds, {
      counties: COUNTIES,
      categories: [
        category(1, 'school-tours-open-farms', 'Open Farms'),
        category(15, 'school-workshops-speakers', 'Guest Speakers'),
        category(16, 'school-workshops-drama', 'Drama Workshops', { isPrimary: false }),
        category(20, 'school-workshops-creative-writing', 'Creative Writing', { isPrimary: false }),
        category(21, 'school-workshops-yoga', 'Yoga for Schools', { isPrimary: false }),
        category(26, 'school-workshops-wellbeing-talks', 'Wellbeing Talks', { isPrimary: false }),
      ],
      posts: [
        post('school-tours-burren-farm', 1, 'galway'),
        post('school-workshops-olympian-talks', 15, 'dublin'),
        post('school-workshops-spraoi-drama', 16, 'dublin', { price: 'free' }),
        post('school-workshops-young-writers', 20, 'cork'),
        post('school-workshops-kids-yoga', 21, 'cork'),
        post('school-workshops-wellbeing-talks', 26, 'dublin', { price: 'nominal_charge' }),
      ],
    });
  });
  afterAll(() => t.close());

  const slugs = (body: { slug: string }[]) => body.map((p) => p.slug).sort();

  it('selects every child of artistic activities (ids 16-20) by the parent slug', async () => {
    const res = await t.http().get('/api/posts/?catSlug=artistic-activities').expect(200);
    expect(slugs(res.body)).toEqual(['school-workshops-spraoi-drama', 'school-workshops-young-writers']);
  });

  it('selects every child of health-wellbeing (ids above 20), also within a county', async () => {
    expect(slugs((await t.http().get('/api/posts/?catSlug=health-wellbeing').expect(200)).body)).toEqual([
      'school-workshops-kids-yoga',
      'school-workshops-wellbeing-talks',
    ]);
    expect(slugs((await t.http().get('/api/posts/?catSlug=health-wellbeing&tagSlug=dublin').expect(200)).body)).toEqual([
      'school-workshops-wellbeing-talks',
    ]);
  });

  it('marks children with their parent in the summary and counts each parent', async () => {
    const { body } = await t.http().get('/active-cats-tags/').expect(200);
    expect(body.categories['school-workshops-drama']).toMatchObject({ is_child: true, parent_slug: 'artistic-activities', parent_name: 'Artistic Activities' });
    expect(body.categories['school-workshops-yoga']).toMatchObject({ is_child: true, parent_slug: 'health-wellbeing', parent_name: 'Health & Wellbeing' });
    expect(body.categories['school-tours-open-farms']).toMatchObject({ is_child: false, parent_slug: null });
    expect(body.parent_categories).toEqual([
      { slug: 'artistic-activities', name: 'Artistic Activities', count: 2 },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing', count: 2 },
    ]);
    const parents = await t.http().get('/api/parent-categories/').expect(200);
    expect(parents.body).toEqual([
      { slug: 'artistic-activities', name: 'Artistic Activities' },
      { slug: 'health-wellbeing', name: 'Health & Wellbeing' },
    ]);
  });

  it('filters the archive by parent category and price', async () => {
    const res = await t.http().get('/api/archive/?catSlug=artistic-activities&price=free').expect(200);
    expect(slugs(res.body)).toEqual(['school-workshops-spraoi-drama']);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('refuses status and postSlug on the archive, which is published posts only', async () => {
    const res = await t.http().get('/api/archive/?status=draft').expect(400);
    expect(res.body).toMatchObject({ field: 'status', message: 'property status should not exist' });
  });

  it('follows configured id ranges from PARENT_CATEGORIES', async () => {
    const custom = await startApp('cliste', { PARENT_CATEGORIES: 'talks:Talks:15-15,creative:Creative:16-20' });
    try {
      expect(slugs((await custom.http().get('/api/posts/?catSlug=talks').expect(200)).body)).toEqual(['school-workshops-olympian-talks']);
      await custom.http().get('/api/posts/?catSlug=health-wellbeing').expect(404);
    } finally {
      await custom.close();
    }
  });
});
