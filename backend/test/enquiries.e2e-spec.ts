import { DailyMarkEntity } from '../src/infra/daily-mark.entity';
import { DailyMarks } from '../src/infra/daily-marks';
import { MailOutboxEntity } from '../src/infra/mail/mail-outbox.entity';
import { MailService } from '../src/infra/mail/mail.service';
import { FormTokens } from '../src/modules/enquiries/form-tokens';
import { UserEntity } from '../src/modules/users/user.entity';
import { category, COUNTIES, HIDDEN, insert, post } from './support/fixtures';
import { TestSmtp } from './support/smtp';
import { resetDatabase, startApp, TestApp } from './support/app';

/** Enquiries: stored first, then emailed to the lister with a copy to the visitor, never lost, and counted. */
describe('POST /api/enquiries/', () => {
  let t: TestApp;
  const smtp = new TestSmtp();
  let ids: Record<string, number>;
  /** A form token as the site renders it, handed out this long ago. */
  const tokenFrom = (agoMs: number) => t.app.get(FormTokens).issue(Date.now() - agoMs);
  const enquiry = (extra: Record<string, unknown> = {}) => ({
    postId: ids['aoife-byrne-soprano'],
    name: 'Ciara Walsh',
    email: 'ciara.walsh@example.ie',
    phone: '+353 87 123 4567',
    eventDate: '2027-06-19',
    venue: "St Mary's Church, Cork",
    message: 'Are you free for our wedding ceremony?',
    website: '',
    formToken: tokenFrom(20_000),
    ...extra,
  });
  const rows = async (table: string) => t.ds.query(`SELECT * FROM ${table}`);

  beforeAll(async () => {
    await smtp.start();
    t = await startApp('church', { SMTP_URL: smtp.url, HIDDEN_SLUG_EXTRACT: HIDDEN, CONTACT_EMAIL: 'team@example.ie' });
    await resetDatabase(t.ds);
    const owner = await t.ds.getRepository(UserEntity).save({ email: 'aoife@example.ie', username: 'aoife@example.ie', firstName: 'Aoife', lastName: 'Byrne', role: 'member', isActive: true, passwordHash: null });
    ids = await insert(t.ds, {
      counties: COUNTIES,
      categories: [category(1, 'female-singers', 'Female Singers')],
      posts: [
        post('aoife-byrne-soprano', 1, 'cork', { title: 'Aoife Byrne - Soprano', ownerId: owner.id }),
        post('no-owner-choir', 1, 'cork', { title: 'Lee Gospel Choir' }),
        post('draft-singer', 1, 'cork', { status: 'draft' }),
        post('hidden-singer', 1, 'cork', { slugExtract: HIDDEN }),
      ],
    });
  });
  beforeEach(async () => {
    smtp.clear();
    await t.ds.query('DELETE FROM rate_events');
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('stores the enquiry, emails it to the lister, acknowledges it to the visitor without their text, and counts it', async () => {
    await t.http().post('/api/enquiries/').send(enquiry()).expect(201, { message: 'success' });
    const [stored] = await rows('enquiries');
    expect(stored).toMatchObject({ name: 'Ciara Walsh', email: 'ciara.walsh@example.ie', phone: '+353 87 123 4567', venue: "St Mary's Church, Cork", message: 'Are you free for our wedding ceremony?' });
    expect(String(stored.event_date)).toContain('2027');
    const toLister = await smtp.waitFor('aoife@example.ie', /^New enquiry for Aoife Byrne - Soprano$/);
    expect(toLister.text).toContain('Name: Ciara Walsh');
    expect(toLister.text).toContain('Event date: Sat 19 June 2027');
    expect(toLister.text).toContain('Reply to ciara.walsh@example.ie');
    const copy = await smtp.waitFor('ciara.walsh@example.ie', /^Your enquiry to Aoife Byrne - Soprano$/);
    expect(copy.text).toContain('We have sent it to Aoife Byrne - Soprano, who will reply to you directly.');
    for (const typed of ['Are you free', 'Ciara', 'Mary', '+353 87']) expect(copy.text).not.toContain(typed);
    expect(await rows('stat_days')).toEqual([expect.objectContaining({ post_id: ids['aoife-byrne-soprano'], kind: 'enquiry', total: 1 })]);
    expect(Number(stored.lister_mail_id)).toBeGreaterThan(0);
  });

  it("sends enquiries for listings without an owner to the site's contact address", async () => {
    await t.http().post('/api/enquiries/').send(enquiry({ postId: ids['no-owner-choir'] })).expect(201);
    await smtp.waitFor('team@example.ie', /^New enquiry for Lee Gospel Choir$/);
  });

  it('answers bots like people but keeps nothing: honeypot filled, or sent faster than a person types', async () => {
    const before = (await rows('enquiries')).length;
    await t.http().post('/api/enquiries/').send(enquiry({ website: 'http://spam.example' })).expect(201, { message: 'success' });
    await t.http().post('/api/enquiries/').send(enquiry({ formToken: tokenFrom(800) })).expect(201, { message: 'success' });
    expect((await rows('enquiries')).length).toBe(before);
  });

  it("measures the time to fill the form from the API's own signed token, not from what the client claims", async () => {
    const [issuedAt, mac] = tokenFrom(0).split('.');
    const forged = `${Number(issuedAt) - 60_000}.${mac}`;
    expect((await t.http().post('/api/enquiries/').send(enquiry({ formToken: forged })).expect(400)).body).toMatchObject({ code: 'invalid_form_token', field: 'formToken' });
    expect((await t.http().post('/api/enquiries/').send(enquiry({ formToken: tokenFrom(25 * 60 * 60_000) })).expect(400)).body).toMatchObject({
      code: 'form_expired',
      field: 'formToken',
      message: 'This form has expired. Please reload the page and send your enquiry again.',
    });
    expect((await t.http().post('/api/enquiries/').send(enquiry({ elapsedMs: 20_000 })).expect(400)).body.field).toBe('elapsedMs');
  });

  it('hands out form tokens that are never cached', async () => {
    const res = await t.http().get('/api/enquiries/form-token/').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(t.app.get(FormTokens).issuedAt(res.body.token)).toBeGreaterThan(Date.now() - 5000);
  });

  it('sends at most 3 acknowledgements a day to one visitor address, even in parallel, while the lister gets every enquiry', async () => {
    const email = 'many.copies@example.ie';
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.http().post('/api/enquiries/').set('X-Forwarded-For', `198.51.100.${60 + i}`).send(enquiry({ email })).expect(201)),
    );
    const count = async (sql: string) => Number((await t.ds.query(sql, [email]))[0].n);
    expect(await count('SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ?')).toBe(3);
    expect(await count('SELECT COUNT(*) AS n FROM enquiries WHERE email = ? AND lister_mail_id IS NOT NULL')).toBe(6);
  });

  it('allows 5 enquiries an hour from one address', async () => {
    for (let i = 0; i < 5; i++) await t.http().post('/api/enquiries/').set('X-Forwarded-For', '198.51.100.4').send(enquiry()).expect(201);
    const res = await t.http().post('/api/enquiries/').set('X-Forwarded-For', '198.51.100.4').send(enquiry()).expect(429);
    expect(res.body.message).toBe('You have sent several enquiries already. Please try again in an hour.');
    await t.http().post('/api/enquiries/').set('X-Forwarded-For', '198.51.100.5').send(enquiry()).expect(201);
  });

  it('answers 404 for drafts, hidden and unknown posts', async () => {
    for (const postId of [ids['draft-singer'], ids['hidden-singer'], 999999]) {
      expect((await t.http().post('/api/enquiries/').send(enquiry({ postId })).expect(404)).body.field).toBe('postId');
    }
  });

  it.each([
    [{ email: 'nope' }, 'email'],
    [{ name: ' ' }, 'name'],
    [{ message: '' }, 'message'],
    [{ phone: 'call me' }, 'phone'],
    [{ eventDate: 'next june' }, 'eventDate'],
    [{ postId: 'x' }, 'postId'],
    [{ formToken: undefined }, 'formToken'],
    [{ formToken: 42 }, 'formToken'],
  ])('answers 400 naming the field for %o', async (change, field) => {
    expect((await t.http().post('/api/enquiries/').send(enquiry(change)).expect(400)).body.field).toBe(field);
  });

  it('keeps the enquiry when the mail server is down and delivers both emails once it is back', async () => {
    const port = smtp.port;
    await smtp.stop();
    await t.http().post('/api/enquiries/').send(enquiry({ name: 'Orla Down', email: 'orla@example.ie' })).expect(201);
    expect((await t.ds.query("SELECT * FROM enquiries WHERE name = 'Orla Down'"))).toHaveLength(1);
    const pending = async () => t.ds.query("SELECT * FROM mail_outbox WHERE sent_at IS NULL AND (recipient = 'orla@example.ie' OR subject LIKE '%Aoife%')");
    for (let i = 0; i < 100 && (await pending()).some((r: { attempts: number }) => Number(r.attempts) === 0); i++) await new Promise((r) => setTimeout(r, 100));
    expect((await pending()).length).toBeGreaterThanOrEqual(2);

    await smtp.start(port);
    for (const row of await pending()) await t.ds.getRepository(MailOutboxEntity).update(row.id, { nextAttemptAt: new Date(Date.now() - 1000) });
    await t.app.get(MailService).deliverDue();
    await smtp.waitFor('orla@example.ie', /^Your enquiry to/);
    const listerMail = await smtp.waitFor('aoife@example.ie', /^New enquiry for/);
    expect(listerMail.text).toContain('Name: Orla Down');
  });

  it('counts one profile view per address, post and day, however often or in parallel it is sent, in one row a day', async () => {
    const postId = ids['aoife-byrne-soprano'];
    const view = (ip: string) => t.http().post(`/api/posts/${postId}/views/`).set('X-Forwarded-For', ip).expect(204);
    await Promise.all(Array.from({ length: 12 }, () => view('198.51.100.20')));
    for (let i = 0; i < 3; i++) await view('198.51.100.20');
    await Promise.all(Array.from({ length: 6 }, () => view('2001:db8::20')));
    await t.http().post(`/api/posts/${ids['draft-singer']}/views/`).expect(404);
    expect(await t.ds.query("SELECT post_id, total FROM stat_days WHERE kind = 'view'")).toEqual([{ post_id: postId, total: 2 }]);
    expect(await t.ds.query("SELECT subject FROM daily_marks WHERE scope LIKE 'view:%'")).toHaveLength(2);
  });

  it('forgets who viewed what, and where copies went, once the day is over; keeps only keyed hashes until then', async () => {
    const before = (await rows('daily_marks')).length;
    await t.ds.getRepository(DailyMarkEntity).insert({ day: '2020-01-01', scope: `view:${ids['aoife-byrne-soprano']}`, subject: 'x' });
    await t.app.get(DailyMarks).prune();
    const marks = await rows('daily_marks');
    expect(marks).toHaveLength(before);
    expect(JSON.stringify(marks)).not.toMatch(/198\.51\.100|@example\.ie/);
  });
});
