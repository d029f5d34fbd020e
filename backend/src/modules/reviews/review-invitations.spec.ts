import { isHeldRating, reviewEditableUntil, reviewReleaseAt } from '@directory/domain';
import { invitationDueAt } from './review-invitations';

describe('review timing', () => {
  const enquired = new Date('2027-03-10T14:30:00Z');

  it('invites at the start of the day after the event date', () => {
    expect(invitationDueAt({ eventDate: '2027-06-19', createdAt: enquired }).toISOString()).toBe('2027-06-20T00:00:00.000Z');
  });

  it('invites 21 days after an enquiry without an event date', () => {
    expect(invitationDueAt({ eventDate: null, createdAt: enquired }).toISOString()).toBe('2027-03-31T14:30:00.000Z');
  });

  it('never invites sooner than a day after the enquiry, even for an event date already past', () => {
    expect(invitationDueAt({ eventDate: '2027-03-01', createdAt: enquired }).toISOString()).toBe('2027-03-11T14:30:00.000Z');
    expect(invitationDueAt({ eventDate: '2027-03-10', createdAt: enquired }).toISOString()).toBe('2027-03-11T14:30:00.000Z');
  });

  it('holds ratings of 2 or less, 7 days or 14 with more time; a review may be changed for 30 days', () => {
    expect([1, 2, 3, 4, 5].map(isHeldRating)).toEqual([true, true, false, false, false]);
    expect(reviewReleaseAt(enquired, false).toISOString()).toBe('2027-03-17T14:30:00.000Z');
    expect(reviewReleaseAt(enquired, true).toISOString()).toBe('2027-03-24T14:30:00.000Z');
    expect(reviewEditableUntil(enquired).toISOString()).toBe('2027-04-09T14:30:00.000Z');
  });
});
