import { createTransport } from 'nodemailer';
import { MailOutboxEntity } from '../src/infra/mail/mail-outbox.entity';
import { KEEP_SENT_DAYS, MAX_ATTEMPTS, MailService } from '../src/infra/mail/mail.service';
import { smtpTransport } from '../src/infra/mail/mailer.adapter';
import { TestSmtp } from './support/smtp';
import { resetDatabase, startApp, TestApp } from './support/app';

const DAY = 86_400_000;
const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 15_000) => {
  for (const deadline = Date.now() + timeoutMs; !(await check()); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
  }
};

/** The mail outbox: stored first, claimed before each delivery, retried, and cleaned up after delivery. */
describe('mail outbox', () => {
  let t: TestApp;
  const smtp = new TestSmtp();
  const outbox = () => t.ds.getRepository(MailOutboxEntity);

  beforeAll(async () => {
    await smtp.start();
    t = await startApp('church', { SMTP_URL: smtp.url, CONTACT_EMAIL: 'team@example.ie' });
  });
  beforeEach(async () => {
    await resetDatabase(t.ds);
    smtp.clear();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const row = (recipient: string, extra: Partial<MailOutboxEntity> = {}) =>
    outbox().create({ recipient, subject: `To ${recipient}`, textBody: 'Hello', nextAttemptAt: new Date(Date.now() - 60_000), ...extra });

  it('retries a due message behind 60 that used up their tries, and leaves those alone', async () => {
    await outbox().save(Array.from({ length: 60 }, (_, i) => row(`dead${i}@example.ie`, { attempts: MAX_ATTEMPTS, lastError: 'refused' })));
    await outbox().save(row('due@example.ie', { attempts: 3 }));
    await t.app.get(MailService).deliverDue();
    await smtp.waitFor('due@example.ie');
    expect(smtp.messages).toHaveLength(1);
    expect(await outbox().countBy({ attempts: MAX_ATTEMPTS, lastError: 'refused' })).toBe(60);
  });

  it('counts the dead letters on GET /readyz, beside the database being up', async () => {
    await outbox().save([row('dead@example.ie', { attempts: MAX_ATTEMPTS }), row('dead2@example.ie', { attempts: MAX_ATTEMPTS + 2 })]);
    await outbox().save([row('retrying@example.ie', { attempts: MAX_ATTEMPTS - 1 }), row('sent@example.ie', { attempts: MAX_ATTEMPTS, sentAt: new Date() })]);
    const res = await t.http().get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', migrations: 'applied', mail_dead_letters: 2 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('clears the body of a delivered message (codes and links are not kept) and deletes it after 30 days', async () => {
    await t.http().post('/contact/').send({ firstName: 'Seán', lastName: 'Kelly', email: 'sean@example.ie', message: 'A secret: 4821' }).expect(201);
    expect((await smtp.waitFor('team@example.ie')).text).toContain('A secret: 4821');
    await until(async () => (await outbox().findOneByOrFail({ recipient: 'team@example.ie' })).sentAt !== null, 'the delivery to be recorded');
    expect(await outbox().findOneByOrFail({ recipient: 'team@example.ie' })).toMatchObject({ textBody: '', htmlBody: null, attempts: 1, leasedUntil: null });

    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await outbox().save([
      row('old@example.ie', { sentAt: ago(KEEP_SENT_DAYS + 1), textBody: '' }),
      row('recent@example.ie', { sentAt: ago(KEEP_SENT_DAYS - 1), textBody: '' }),
      row('dead@example.ie', { attempts: MAX_ATTEMPTS, createdAt: ago(KEEP_SENT_DAYS + 5) }),
    ]);
    await t.app.get(MailService).pruneSent();
    expect((await outbox().find({ order: { recipient: 'ASC' } })).map((m) => m.recipient)).toEqual(['dead@example.ie', 'recent@example.ie', 'team@example.ie']);
  });
});

describe('exactly-once delivery', () => {
  const slow = new TestSmtp({ dataDelayMs: 1000 });
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    await slow.start();
    // Two API processes on one database, as behind a load balancer.
    a = await startApp('church', { SMTP_URL: slow.url, CONTACT_EMAIL: 'team@example.ie' });
    b = await startApp('church', { SMTP_URL: slow.url, CONTACT_EMAIL: 'team@example.ie' });
    await resetDatabase(a.ds);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await slow.stop();
  });

  it('sends each message once with a slow mail server, a forced sweep and two API processes', async () => {
    const names = ['Aoife', 'Brian', 'Ciara', 'Dara', 'Eimear', 'Fionn'];
    await Promise.all(
      names.map((name, i) =>
        (i % 2 ? b : a)
          .http()
          .post('/contact/')
          .set('X-Forwarded-For', `192.0.2.${i + 1}`)
          .send({ firstName: name, lastName: 'Test', email: `${name.toLowerCase()}@example.ie`, message: 'Hello' })
          .expect(201),
      ),
    );
    // The immediate sends are still waiting for the server while both processes sweep.
    await Promise.all([a.app.get(MailService).deliverDue(), b.app.get(MailService).deliverDue()]);
    const outbox = a.ds.getRepository(MailOutboxEntity);
    await until(async () => (await outbox.find()).every((m) => m.sentAt !== null), 'every message to be delivered', 30_000);
    // Time for any second copy still on its way to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    expect(slow.messages.map((m) => m.subject).sort()).toEqual(names.map((n) => `Contact form: ${n} Test`));
    expect((await outbox.find()).map((m) => m.attempts)).toEqual(names.map(() => 1));
  });
});

describe('SMTP without TLS', () => {
  const plain = new TestSmtp();
  beforeAll(() => plain.start());
  afterAll(() => plain.stop());

  const send = (url: string) =>
    // The transport SMTP_URL gives, pointed at the local test server (which offers no STARTTLS).
    createTransport({ ...smtpTransport(url), host: '127.0.0.1', port: plain.port }).sendMail({ from: 'no-reply@example.ie', to: 'someone@example.ie', subject: 'Code', text: '1234' });

  it('refuses to send over plain smtp:// to a host that is not this machine', async () => {
    await expect(send('smtp://smtp.example.ie:587')).rejects.toThrow(/STARTTLS/);
    expect(plain.messages).toHaveLength(0);
  });

  it('sends over plain smtp:// to a catcher on this machine', async () => {
    await send('smtp://localhost:1025');
    await plain.waitFor('someone@example.ie');
  });
});
