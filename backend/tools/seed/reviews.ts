import { isHeldRating, REVIEW_RULES, REVIEW_SUB_RATINGS, reviewAsksClassDetails, reviewEditableUntil, reviewReleaseAt, type Site } from '@directory/domain';
import type { EntityManager } from 'typeorm';
import { EnquiryEntity } from '../../src/modules/enquiries/enquiry.entity';
import { ReviewInvitationEntity } from '../../src/modules/reviews/review-invitation.entity';
import { ReviewEntity } from '../../src/modules/reviews/review.entity';
import { recountReviews } from '../../src/modules/reviews/review-counts';
import { COUNTY_SLUGS } from './places';
import { Random } from './random';
import { insertMany } from './seed';

const DAY = 86_400_000;
const BATCH = 200;
const FIRST_NAMES = ['Aoife', 'Ciara', 'Seán', 'Niamh', 'Darragh', 'Orla', 'Cian', 'Róisín', 'Eoin', 'Saoirse', 'Gráinne', 'Pádraig', 'Mairéad', 'Tomás'];
const LAST_NAMES = ['Byrne', 'Murphy', 'Kelly', "O'Brien", 'Walsh', 'Ryan', 'Doyle', 'McCarthy'];

/** What reviewers write, by how they rated: church and multi (weddings, funerals, parish events), cliste (schools). */
const TEXTS: Record<'church' | 'cliste', Record<'good' | 'mixed' | 'poor', string[]>> = {
  church: {
    good: [
      'Sang beautifully at our wedding ceremony. They learned the song we asked for and the church was in tears by the end.',
      'Played for my father’s funeral Mass at very short notice. Calm, kind and perfectly judged music. Thank you.',
      'Arrived early, tuned up without fuss and played exactly the pieces we chose for the signing of the register.',
      'Lovely to deal with from the first email. The Ave Maria was stunning and they stayed on for the drinks reception.',
    ],
    mixed: [
      'Good music on the day, though it took a while to hear back about the song list. Would still recommend them.',
      'The ceremony music was lovely; the sound at the back of the church was a little quiet for the readings.',
    ],
    poor: [
      'Arrived twenty minutes late and missed the entrance music we had agreed. The rest was fine but it spoiled the start.',
      'Did not play the piece we asked for at the signing and did not explain why. Disappointing for the price.',
    ],
  },
  cliste: {
    good: [
      'The workshop held two fifth classes spellbound for the morning. Well planned, great with the shy pupils, fits the curriculum.',
      'Our Transition Years talked about the tour for weeks. Safe, organised and the guide knew how to keep teenagers listening.',
      'Excellent drama workshop: every child had a part, and the teacher notes afterwards were a real help.',
      'Punctual, well prepared and flexible when our hall was double-booked. We have booked them again for next year.',
    ],
    mixed: [
      'The pupils enjoyed it, though the session ran over and we had to rush to the bus. Content was very good.',
      'A good day out; the lunch break was longer than planned, which left less time for the activities.',
    ],
    poor: [
      'Half the equipment did not work and the younger pupils lost interest. We expected more for the price.',
      'The facilitator arrived late and the session was cut short. Hard to judge the content as a result.',
    ],
  },
};
const REPLIES = [
  'Thank you so much for the kind words. It was a pleasure to be part of your day.',
  'Thank you for taking the time to write this. We are glad it went well and hope to see you again.',
  'We are sorry the start did not go to plan: a road closure held us up. We have since changed how we plan travel.',
];

/**
 * Reviews for a demo seed, so a newcomer sees them on `make start`: about half the published listings get a few
 * (scores from 1 to 5, mostly good; some with the lister's reply; one held, as a low rating is before its release),
 * each from an enquiry with its invitation, as real ones come; then each listing's figures are counted as the API
 * keeps them. Dated back from the day it runs (the held one is held from two days ago); numbers from a fixed seed.
 */
export async function seedReviews(em: EntityManager, site: Site, postIds: number[], today = new Date()): Promise<number> {
  const rnd = new Random(20261129);
  return writeReviews(em, site, rnd, postIds.filter((_, i) => i % 2 === 0).map((postId) => ({ postId, count: rnd.int(1, 5) })), today);
}

/** `count` reviews on one listing (the first of them held, as in the demo): the benchmark's profile with many reviews. */
export function seedManyReviews(em: EntityManager, site: Site, postId: number, count: number, today = new Date()): Promise<number> {
  return writeReviews(em, site, new Random(20261130), [{ postId, count }], today);
}

async function writeReviews(em: EntityManager, site: Site, rnd: Random, plan: { postId: number; count: number }[], today: Date): Promise<number> {
  const variant = site === 'cliste' ? 'cliste' : 'church';
  const keys = REVIEW_SUB_RATINGS[site];
  const counties = new Map<string, number>(((await em.query('SELECT id, slug FROM counties')) as { id: number; slug: string }[]).map((c) => [c.slug, Number(c.id)]));
  const now = Math.floor(today.getTime() / 1000) * 1000;
  const [{ next }] = (await em.query('SELECT COALESCE(MAX(id), 0) + 1 AS next FROM enquiries')) as { next: number | string }[];
  let enquiryId = Number(next);
  const enquiries: Partial<EnquiryEntity>[] = [];
  const invitations: Partial<ReviewInvitationEntity>[] = [];
  const reviews: Partial<ReviewEntity>[] = [];
  let heldGiven = false;
  for (const { postId, count } of plan) {
    for (let n = count; n > 0; n--) {
      const id = enquiryId++;
      const first = rnd.pick(FIRST_NAMES);
      const name = `${first} ${rnd.pick(LAST_NAMES)}`;
      const email = `reviewer${id}@seed.example.ie`;
      const held = !heldGiven;
      heldGiven = true;
      const rating = held ? 2 : rnd.weighted([[5, 55], [4, 25], [3, 10], [2, 6], [1, 4]] as const);
      // The held one was written two days ago; the others over the past year, past any hold, each two to six weeks after its enquiry.
      const writtenAt = held ? now - 2 * DAY : now - rnd.int(REVIEW_RULES.holdDays + 3, 360) * DAY;
      const enquiredAt = writtenAt - rnd.int(14, 42) * DAY;
      const booked = rnd.chance(0.6);
      enquiries.push({ id, postId, name, email, phone: null, eventDate: new Date(writtenAt - DAY).toISOString().slice(0, 10), venue: '', message: 'Are you free on our date?', listerMailId: null, readAt: new Date(enquiredAt), bookedAt: booked ? new Date(enquiredAt + DAY) : null, createdAt: new Date(enquiredAt) });
      invitations.push({ id, enquiryId: id, postId, email, name, dueAt: new Date(writtenAt - DAY), sentAt: new Date(writtenAt - DAY), remindersSent: 0, expiresAt: new Date(writtenAt - DAY + REVIEW_RULES.invitationValidDays * DAY), listerBooked: booked, closedAt: new Date(writtenAt), skipped: null, createdAt: new Date(enquiredAt) });
      const texts = TEXTS[variant][rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor'];
      const ratings = Object.fromEntries(keys.filter(() => rnd.chance(0.8)).map((key) => [key, Math.max(1, Math.min(5, rating + rnd.int(-1, 1)))]));
      const releasedAt = isHeldRating(rating) ? reviewReleaseAt(new Date(writtenAt), false).getTime() : writtenAt;
      const reply = held || (rating <= 3 ? rnd.chance(0.7) : rnd.chance(0.25)) ? REPLIES[rating <= 2 ? 2 : rnd.int(0, 1)] : null;
      reviews.push({
        postId,
        invitationId: id,
        status: held ? 'held' : 'published',
        label: booked && rnd.chance(0.9) ? 'booked' : 'enquired',
        rating,
        ratings: JSON.stringify(ratings),
        text: rnd.pick(texts),
        firstName: first,
        countyId: counties.get(rnd.pick(COUNTY_SLUGS))!,
        yearGroup: reviewAsksClassDetails(site) && rnd.chance(0.7) ? rnd.pick(['3rd class', '5th class', '6th class', '1st year', 'Transition Year']) : null,
        classSize: reviewAsksClassDetails(site) && rnd.chance(0.7) ? rnd.int(18, 32) : null,
        heldFrom: isHeldRating(rating) ? new Date(writtenAt) : null,
        heldUntil: held ? new Date(releasedAt) : null,
        moreTimeAsked: false,
        publishedAt: held ? null : new Date(releasedAt),
        editTokenHash: null,
        editableUntil: reviewEditableUntil(new Date(writtenAt)),
        editedAt: null,
        reply,
        replyUpdatedAt: reply ? new Date(writtenAt + DAY) : null,
        createdAt: new Date(writtenAt),
        updatedAt: new Date(writtenAt),
      });
    }
  }
  // In batches: SQLite binds at most 32,766 values to one statement.
  for (let i = 0; i < reviews.length; i += BATCH) {
    await insertMany(em, EnquiryEntity, enquiries.slice(i, i + BATCH));
    await insertMany(em, ReviewInvitationEntity, invitations.slice(i, i + BATCH));
    await insertMany(em, ReviewEntity, reviews.slice(i, i + BATCH));
  }
  for (const { postId } of plan) await recountReviews(em, postId);
  return reviews.length;
}
