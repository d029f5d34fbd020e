import { addDays, todayInIreland } from '@directory/domain';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FeedSync } from '../src/modules/calendar/feed-sync';
import { UserEntity } from '../src/modules/users/user.entity';
import { auth, resetDatabase, signIn, startApp, TestApp } from './support/app';
import { category, COUNTIES, insert, post } from './support/fixtures';

const compact = (day: string) => day.replace(/-/g, '');

/** The last Sunday of March (Ireland's clocks go forward) that is over three weeks away. */
function nextSpringChange(today: string): string {
  for (let y = Number(today.slice(0, 4)); ; y++) {
    const last = new Date(Date.UTC(y, 2, 31));
    const sunday = addDays(`${y}-03-31`, -last.getUTCDay());
    if (sunday > addDays(today, 25)) return sunday;
  }
}

const DUBLIN = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/Dublin',
  'BEGIN:STANDARD', 'DTSTART:19701025T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'BEGIN:DAYLIGHT', 'DTSTART:19700329T010000', 'TZOFFSETFROM:+0000', 'TZOFFSETTO:+0100', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/**
 * Calendar feeds against a feed server this test runs on loopback, allowed for the test alone by
 * CALENDAR_FEED_TEST_ALLOW=127.0.0.1:<its port> (refused unless NODE_ENV=test); any other loopback address is refused.
 */
describe('calendar feeds', () => {
  let t: TestApp;
  let second: TestApp;
  let server: Server;
  let base: string;
  let owner: { user: UserEntity; token: string };
  let postId: number;
  const hits = new Map<string, number>();
  let brokenWorks = false;
  const today = todayInIreland();
  const spring = nextSpringChange(today);
  // Saturdays: three before the change, one the day before, two after.
  const saturdays = [-22, -15, -8, -1, 6, 13].map((n) => addDays(spring, n));
  const later = addDays(spring, 20);

  const weekly = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//feeds//EN', ...DUBLIN,
    // Saturdays 00:15 to 00:45 in Dublin: in UTC the ones after the change start on the Friday before.
    'BEGIN:VEVENT', 'UID:weekly-1', 'DTSTAMP:20260101T000000Z', 'SUMMARY:Private rehearsal', `DTSTART;TZID=Europe/Dublin:${compact(saturdays[0])}T001500`,
    `DTEND;TZID=Europe/Dublin:${compact(saturdays[0])}T004500`, 'RRULE:FREQ=WEEKLY;COUNT=6', `EXDATE;TZID=Europe/Dublin:${compact(saturdays[1])}T001500`, 'END:VEVENT',
    // The occurrence after the change, cancelled.
    'BEGIN:VEVENT', 'UID:weekly-1', 'DTSTAMP:20260101T000000Z', `RECURRENCE-ID;TZID=Europe/Dublin:${compact(saturdays[4])}T001500`,
    `DTSTART;TZID=Europe/Dublin:${compact(saturdays[4])}T001500`, `DTEND;TZID=Europe/Dublin:${compact(saturdays[4])}T004500`, 'STATUS:CANCELLED', 'END:VEVENT',
    // All day, two days: the end date is the day after (exclusive).
    'BEGIN:VEVENT', 'UID:all-day', 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(later)}`, `DTEND;VALUE=DATE:${compact(addDays(later, 2))}`, 'END:VEVENT',
    // 11:30 to 12:30 UTC is 12:30 to 13:30 in Dublin in summer: the afternoon only.
    'BEGIN:VEVENT', 'UID:utc', 'DTSTAMP:20260101T000000Z', `DTSTART:${compact(addDays(later, 5))}T113000Z`, `DTEND:${compact(addDays(later, 5))}T123000Z`, 'END:VEVENT',
    // Free and tentative events do not block.
    'BEGIN:VEVENT', 'UID:free', 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(addDays(later, 7))}`, 'TRANSP:TRANSPARENT', 'END:VEVENT',
    'BEGIN:VEVENT', 'UID:tentative', 'DTSTAMP:20260101T000000Z', `DTSTART;VALUE=DATE:${compact(addDays(later, 8))}`, 'STATUS:TENTATIVE', 'END:VEVENT',
    'END:VCALENDAR', '',
  ].join('\r\n');

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
      if (req.url === '/weekly.ics' || req.url === '/count.ics') {
        res.writeHead(200, { 'content-type': 'text/calendar' }).end(weekly);
      } else if (req.url === '/big.ics') {
        // 50 MB without a length, sent until the reader hangs up.
        res.writeHead(200, { 'content-type': 'text/calendar' });
        const chunk = Buffer.alloc(1024 * 1024, 'X');
        let sent = 0;
        const more = () => {
          while (sent < 50) {
            sent += 1;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('close', () => (sent = 50));
        more();
      } else if (req.url === '/broken.ics') {
        if (brokenWorks) res.writeHead(200).end(weekly);
        else res.writeHead(500).end('down');
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    const env = { CALENDAR_FEED_TEST_ALLOW: `127.0.0.1:${port}`, CALENDAR_FEED_MAX_KB: '2048' };
    t = await startApp('church', env);
    second = await startApp('church', env);
    await resetDatabase(t.ds);
    owner = await signIn(t, 'member', 'feeds-owner@example.ie');
    const ids = await insert(t.ds, { counties: COUNTIES, categories: [category(1, 'female-singers', 'Female Singers')], posts: [post('feed-singer', 1, 'cork', { ownerId: owner.user.id })] });
    postId = ids['feed-singer'];
  });
  afterAll(async () => {
    await t.close();
    await second.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const feeds = async () => (await t.http().get(`/api/calendar/${postId}`).set(auth(owner.token)).expect(200)).body.feeds;
  const busy = async () => (await t.ds.query('SELECT day, slot FROM calendar_slots WHERE post_id = ? AND feed = 1 ORDER BY day, slot', [postId])).map((r: { day: string | Date; slot: string }) => `${(r.day instanceof Date ? r.day.toISOString() : String(r.day)).slice(0, 10)} ${r.slot}`);
  const removeAll = async () => {
    for (const f of await feeds()) await t.http().delete(`/api/calendar/${postId}/feeds/${f.id}`).set(auth(owner.token)).expect(204);
  };

  it('blocks a weekly event’s days across the change to summer time in Dublin, less its cancelled occurrences', async () => {
    const res = await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `${base}/weekly.ics` }).expect(201);
    expect(res.body).toMatchObject({ lastError: null, failures: 0 });
    expect(res.body.lastSuccessAt).not.toBeNull();
    expect(await busy()).toEqual([
      `${saturdays[0]} am`,
      `${saturdays[2]} am`,
      `${saturdays[3]} am`,
      `${saturdays[5]} am`,
      `${later} am`, `${later} pm`, `${addDays(later, 1)} am`, `${addDays(later, 1)} pm`,
      `${addDays(later, 5)} pm`,
    ]);
    // The listing is now booked then: left out of a search for that morning, and the export shows it.
    const list = await t.http().get(`/api/posts/?date=${saturdays[5]}&slot=am`).expect(200);
    expect(list.body).toEqual([]);
    expect((await t.http().get(`/api/posts/?date=${saturdays[5]}&slot=pm`).expect(200)).body[0]).toMatchObject({ slug: 'feed-singer', availability: 'free' });
    // Nothing of the events is kept but the busy half days.
    expect(JSON.stringify(await t.ds.query('SELECT * FROM calendar_feeds'))).not.toContain('rehearsal');
    await removeAll();
    expect(await busy()).toEqual([]);
  });

  it('refuses a feed on 127.0.0.1 or localhost, and a 50 MB one, with a clear error in the control panel', async () => {
    const refused = await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: 'http://127.0.0.1:9/cal.ics' }).expect(201);
    expect(refused.body.lastError).toMatch(/private or local network address \(127\.0\.0\.1\)/);
    const local = await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `http://localhost:${new URL(base).port}/weekly.ics` }).expect(201);
    expect(local.body.lastError).toMatch(/private or local network address/);
    const big = await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `${base}/big.ics` }).expect(201);
    expect(big.body.lastError).toMatch(/larger than 2048 KB/);
    expect((await feeds()).map((f: { lastError: string | null }) => f.lastError)).toEqual([refused.body.lastError, local.body.lastError, big.body.lastError]);
    // A fourth is one too many; a file address is not a web address.
    expect((await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `${base}/count.ics` }).expect(409)).body).toMatchObject({ code: 'too_many_feeds', field: 'url' });
    await removeAll();
    expect((await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: 'file:///etc/passwd' }).expect(400)).body.field).toBe('url');
  });

  it('syncs a due feed once when two API processes run the job at the same time', async () => {
    await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `${base}/count.ics` }).expect(201);
    expect(hits.get('/count.ics')).toBe(1);
    await t.ds.query('UPDATE calendar_feeds SET next_sync_at = ?', ['2020-01-01 00:00:00']);
    const ran = await Promise.all([t.app.get(FeedSync).run(), second.app.get(FeedSync).run()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    expect(hits.get('/count.ics')).toBe(2);
    await removeAll();
  });

  it('emails the lister once after two failed syncs in a row, and again only after it worked in between', async () => {
    const mails = async () => Number((await t.ds.query("SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ? AND subject LIKE '%calendar feed%'", [owner.user.email]))[0].n);
    const again = async () => {
      await t.ds.query('UPDATE calendar_feeds SET next_sync_at = ?', ['2020-01-01 00:00:00']);
      await t.app.get(FeedSync).run();
    };
    const added = await t.http().post(`/api/calendar/${postId}/feeds`).set(auth(owner.token)).send({ url: `${base}/broken.ics` }).expect(201);
    expect(added.body).toMatchObject({ failures: 1, lastError: 'The calendar address answered 500 Internal Server Error.' });
    expect(await mails()).toBe(0);
    await again();
    expect(await mails()).toBe(1);
    await again();
    expect(await mails()).toBe(1);
    expect((await feeds())[0].failures).toBe(3);
    brokenWorks = true;
    await again();
    expect((await feeds())[0]).toMatchObject({ failures: 0 });
    brokenWorks = false;
    await again();
    await again();
    expect(await mails()).toBe(2);
    await removeAll();
  });
});
