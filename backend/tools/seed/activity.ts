import { EntityManager } from 'typeorm';
import { EnquiryEntity } from '../../src/modules/enquiries/enquiry.entity';
import { StatDayEntity } from '../../src/modules/stats/stat-day.entity';
import { UserEntity } from '../../src/modules/users/user.entity';
import { Random } from './random';
import { insertMany } from './seed';

const DAY = 86_400_000;
/** A year of days, ending on the day the seed runs. */
const DAYS = 365;
/** Posts given daily views: enough for the charts and the top lists, few enough to keep `make start` quick. */
const VIEWED_POSTS = 30;
const BATCH = 500;
const FIRST_NAMES = ['Aoife', 'Ciara', 'Seán', 'Niamh', 'Darragh', 'Orla', 'Cian', 'Róisín', 'Eoin', 'Saoirse'];
const LAST_NAMES = ['Byrne', 'Murphy', 'Kelly', "O'Brien", 'Walsh', 'Ryan', 'Doyle', 'McCarthy'];
const MESSAGES = [
  'We are getting married next summer and would love music for the ceremony. Are you free on our date?',
  'Could you send me your prices for a church ceremony and the signing of the register?',
  'Our school would like to book you for a workshop with two classes. What dates do you have?',
  'Do you travel to our county, and what would the full day cost?',
];

export interface ActivityResult {
  views: number;
  enquiries: number;
  signUps: number;
}

/**
 * A year of activity up to `today` for a first demo seed, so a newcomer's `make start` shows the statistics alive:
 * daily profile views of the first published posts, visitors' enquiries (with their daily counts, as the API keeps
 * them) and confirmed sign-ups. Seeded members have no password, so nobody can sign in as them. Dated from the day it
 * runs, unlike the posts, since the charts show the last 12 months; its numbers come from a fixed seed.
 */
export async function seedActivity(em: EntityManager, postIds: number[], today = new Date()): Promise<ActivityResult> {
  const rnd = new Random(20261128);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (DAYS - 1) * DAY;
  const dayOf = (i: number) => new Date(start + i * DAY).toISOString().slice(0, 10);
  const viewed = postIds.slice(0, VIEWED_POSTS);
  let stats: Partial<StatDayEntity>[] = [];
  let enquiries: Partial<EnquiryEntity>[] = [];
  const counts = new Map<string, number>();
  let views = 0;
  let enquiryCount = 0;
  const flush = async (all = false) => {
    if (stats.length >= BATCH || (all && stats.length)) {
      await insertMany(em, StatDayEntity, stats);
      stats = [];
    }
    if (enquiries.length >= BATCH || (all && enquiries.length)) {
      await insertMany(em, EnquiryEntity, enquiries);
      enquiries = [];
    }
  };
  for (let d = 0; d < DAYS; d++) {
    // Busier in spring and summer, the wedding and school-tour season; growing over the year.
    const season = 1 + 0.5 * Math.sin(((new Date(start + d * DAY).getUTCMonth() - 2) / 12) * 2 * Math.PI) + d / DAYS;
    for (const [n, postId] of viewed.entries()) {
      const total = Math.round(rnd.int(0, 6) * season * (n < 5 ? 2 : 1));
      if (total) stats.push({ postId, kind: 'view', day: dayOf(d), total });
      views += total;
    }
    if (rnd.chance(0.35 * season)) {
      const postId = rnd.pick(viewed);
      const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      const createdAt = new Date(start + d * DAY + rnd.int(8 * 3600, 22 * 3600) * 1000);
      enquiries.push({
        postId,
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.ie`,
        phone: null,
        eventDate: rnd.chance(0.6) ? dayOf(d + rnd.int(30, 300)) : null,
        venue: '',
        message: rnd.pick(MESSAGES),
        listerMailId: null,
        readAt: rnd.chance(0.8) ? createdAt : null,
        createdAt,
      });
      const key = `${postId}|${dayOf(d)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      enquiryCount++;
    }
    await flush();
  }
  for (const [key, total] of counts) {
    const [postId, day] = key.split('|');
    stats.push({ postId: Number(postId), kind: 'enquiry', day, total });
  }
  await flush(true);
  const members: Partial<UserEntity>[] = [];
  for (let d = 0; d < DAYS; d++) {
    if (!rnd.chance(0.15)) continue;
    const email = `member${members.length + 1}@seed.example.ie`;
    const createdAt = new Date(start + d * DAY + rnd.int(8 * 3600, 22 * 3600) * 1000);
    members.push({ email, username: email, passwordHash: null, firstName: rnd.pick(FIRST_NAMES), lastName: rnd.pick(LAST_NAMES), role: 'member', isActive: true, createdAt, updatedAt: createdAt });
  }
  await insertMany(em, UserEntity, members);
  return { views, enquiries: enquiryCount, signUps: members.length };
}
