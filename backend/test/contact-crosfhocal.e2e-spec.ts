import { TestSmtp } from './support/smtp';
import { resetDatabase, startApp, TestApp } from './support/app';

describe('POST /contact/', () => {
  let t: TestApp;
  const smtp = new TestSmtp();
  const body = { firstName: 'Seán', lastName: 'Kelly', email: 'sean@example.ie', message: 'Do you list uilleann pipers in Mayo?' };

  beforeAll(async () => {
    await smtp.start();
    t = await startApp('church', { SMTP_URL: smtp.url, CONTACT_EMAIL: 'team@example.ie', SUPPORT_PHONE: '+353 1 234 5678' });
    await resetDatabase(t.ds);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("stores the message and emails it to the site's contact address", async () => {
    await t.http().post('/contact/').send(body).expect(201, { message: 'success' });
    const [row] = await t.ds.query('SELECT * FROM contact_messages');
    expect(row).toMatchObject({ first_name: 'Seán', last_name: 'Kelly', email: 'sean@example.ie', message: body.message });
    const mail = await smtp.waitFor('team@example.ie', /^Contact form: Seán Kelly$/);
    expect(mail.text).toContain('From: Seán Kelly <sean@example.ie>');
  });

  it.each(['firstName', 'lastName', 'email', 'message'])('answers 400 naming %s when it is missing', async (field) => {
    const res = await t.http().post('/contact/').send({ ...body, [field]: '' }).expect(400);
    expect(res.body.field).toBe(field);
  });

  it('gives the contact details the /contact page shows', async () => {
    await t.http().get('/api/contact-details/').expect(200, { email: 'team@example.ie', phone: '+353 1 234 5678' });
  });

  it('limits messages to 5 an hour per address', async () => {
    await t.ds.query('DELETE FROM rate_events');
    for (let i = 0; i < 5; i++) await t.http().post('/contact/').set('X-Forwarded-For', '192.0.2.9').send(body).expect(201);
    await t.http().post('/contact/').set('X-Forwarded-For', '192.0.2.9').send(body).expect(429);
  });

  it('stores at most 5 of 12 messages sent in parallel from one address', async () => {
    await t.ds.query('DELETE FROM rate_events');
    await t.ds.query('DELETE FROM contact_messages');
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.http().post('/contact/').set('X-Forwarded-For', '192.0.2.10').send(body)));
    expect(answers.filter((a) => a.status === 201).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 429)).toBe(true);
    expect(Number((await t.ds.query('SELECT COUNT(*) AS n FROM contact_messages'))[0].n)).toBeLessThanOrEqual(5);
  });
});

describe('POST /crosfhocal/', () => {
  const answers = { across2: 'ceol', down1: 'cláirseach', across4: 'amhrán', down3: 'fidil', across8: 'píob', down5: 'bodhrán', across9: 'feadóg', down6: 'cruit', across11: 'port', down7: 'ríl', across12: 'sean-nós', down10: 'céilí' };
  const entry = (email: string, extra: Record<string, unknown> = {}) => ({ first_name: 'Aoife', last_name: 'Ní Bhriain', email, school: 'Scoil Mhuire, Gaillimh', ...answers, ...extra });

  describe('while open', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp('cliste', { CROSFHOCAL_CLOSES_AT: '2099-05-30T23:59:59+01:00' });
      await resetDatabase(t.ds);
    });
    afterAll(() => t.close());

    it('stores one entry per email, subscribed by default', async () => {
      await t.http().post('/crosfhocal/').send(entry('aoife@example.ie')).expect(201, { message: 'success' });
      const [row] = await t.ds.query('SELECT * FROM crosfhocal_entries');
      expect(row).toMatchObject({ first_name: 'Aoife', school: 'Scoil Mhuire, Gaillimh', across12: 'sean-nós', down10: 'céilí' });
      expect(Boolean(Number(row.subscribe))).toBe(true);
      const again = await t.http().post('/crosfhocal/').send(entry('AOIFE@example.ie', { subscribe: false })).expect(409);
      expect(again.body).toMatchObject({ code: 'already_entered', field: 'email' });
    });

    it('lets exactly one of several racing entries with one email in, and answers 409 to the rest', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.http().post('/crosfhocal/').send(entry('niamh@example.ie'))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      expect(await t.ds.query("SELECT id FROM crosfhocal_entries WHERE email = 'niamh@example.ie'")).toHaveLength(1);
    });

    it('limits entries to 30 an hour per address', async () => {
      const from = (ip: string, n: number) => t.http().post('/crosfhocal/').set('X-Forwarded-For', ip).send(entry(`pupil${n}@example.ie`));
      for (let i = 0; i < 30; i++) await from('203.0.113.30', i).expect(201);
      expect((await from('203.0.113.30', 30).expect(429)).body).toMatchObject({ code: 'too_many_attempts', message: 'You have sent several entries already. Please try again in an hour.' });
      await from('203.0.113.31', 31).expect(201);
    });

    it('answers a database failure as a server error, never as an entry already made', async () => {
      // A stand-in for an outage that strikes the insert itself: the column it writes is gone for a moment.
      await t.ds.query('ALTER TABLE crosfhocal_entries RENAME COLUMN school TO school_away');
      try {
        const res = await t.http().post('/crosfhocal/').send(entry('outage@example.ie')).expect(500);
        expect(res.body).toEqual({ statusCode: 500, code: 'internal_error', error: 'Internal Server Error', message: 'Internal server error' });
      } finally {
        await t.ds.query('ALTER TABLE crosfhocal_entries RENAME COLUMN school_away TO school');
      }
      await t.http().post('/crosfhocal/').send(entry('outage@example.ie')).expect(201);
    });

    it('requires every answer', async () => {
      const res = await t.http().post('/crosfhocal/').send(entry('ciara@example.ie', { down7: ' ' })).expect(400);
      expect(res.body).toMatchObject({ field: 'down7', message: 'down7 must not be empty' });
    });

    it('says it is open, with its prize and closing time', async () => {
      await t.http().get('/api/crosfhocal/').expect(200, { open: true, closes_at: '2099-05-30T22:59:59.000Z', prize_euro: 250 });
    });
  });

  describe('after the closing date (Friday 30 May 2025 by default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp('cliste');
    });
    afterAll(() => t.close());

    it('refuses entries with a clear closed message', async () => {
      const res = await t.http().post('/crosfhocal/').send(entry('late@example.ie')).expect(403);
      expect(res.body).toMatchObject({ code: 'closed', message: 'The competition closed on Friday 30 May 2025.' });
      expect((await t.http().get('/api/crosfhocal/').expect(200)).body.open).toBe(false);
    });
  });
});

describe('GET /api/plans/', () => {
  it.each([
    ['church', 2000, 20000],
    ['cliste', 1000, 10000],
  ] as const)('gives the %s plans in cents with the 60-day trial', async (site, monthly, yearly) => {
    const t = await startApp(site);
    try {
      await t.http().get('/api/plans/').expect(200, { currency: 'eur', monthly_cents: monthly, yearly_cents: yearly, trial_days: 60, refund_days: 30, reminder_days_before: 2 });
    } finally {
      await t.close();
    }
  });
});

describe('rate-limit events', () => {
  it('are pruned once older than the longest window, and stop counting then', async () => {
    const { RateLimiter, LONGEST_WINDOW_MS } = await import('../src/infra/rate-limiter');
    const { RateEventEntity } = await import('../src/infra/rate-event.entity');
    const t = await startApp('church');
    try {
      await t.ds.query('DELETE FROM rate_events');
      const repo = t.ds.getRepository(RateEventEntity);
      await repo.insert([
        { scope: 'contact-ip', subject: 'old', createdAt: new Date(Date.now() - LONGEST_WINDOW_MS - 60_000) },
        { scope: 'contact-ip', subject: 'new' },
      ]);
      await t.app.get(RateLimiter).prune();
      expect((await repo.find()).map((e) => e.subject)).toEqual(['new']);
    } finally {
      await t.close();
    }
  });
});
