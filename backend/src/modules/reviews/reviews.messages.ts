import { REVIEW_PAGES, REVIEW_REPORT_REASON_TEXTS, REVIEW_RULES, type ReviewReportReason } from '@directory/domain';
import type { AppConfig } from '../../config/configuration';

const day = (d: Date) => d.toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
const sign = (config: AppConfig) => `\nThe ${config.siteName} team\n`;
const page = (config: AppConfig, path: string, token?: string) => `${config.siteOrigin}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
const howReviewsWork = (config: AppConfig) => `How reviews work: ${page(config, REVIEW_PAGES.about)}\n`;

/** The emails of a review's life: each says what happened, what comes next and where to act. */
export const reviewMail = {
  /** To the enquiry's address, the day after the event (reminder: 0 for the invitation, then 1 and 2). */
  invitation: (config: AppConfig, title: string, token: string, expiresAt: Date, reminder: number) => ({
    subject: reminder === 0 ? `How was ${title}? Leave a review on ${config.siteName}` : `Reminder: how was ${title}?`,
    text:
      `Hello,\n\n` +
      `You enquired about ${title} through ${config.siteName}. Whether or not you booked, your review helps others ` +
      `choose: it takes two minutes, and only people who enquired through ${config.siteName} can leave one.\n\n` +
      `Write your review: ${page(config, REVIEW_PAGES.form, token)}\n\n` +
      `The link works until ${day(expiresAt)} and for one review. We show your first name and county, never your email.\n` +
      (reminder > 0 ? `This is reminder ${reminder} of ${REVIEW_RULES.reminderDays.length}: we will not write about it again.\n` : '') +
      `If you did not enquire about ${title}, please ignore this email.\n` +
      howReviewsWork(config) +
      sign(config),
  }),
  /** To the reviewer once the review is written: the link of the one change. */
  receipt: (config: AppConfig, title: string, editToken: string, editableUntil: Date, heldUntil: Date | null) => ({
    subject: `Thank you for reviewing ${title}`,
    text:
      `Hello,\n\n` +
      `Thank you for your review of ${title}. ` +
      (heldUntil
        ? `As it rates them 2 stars or fewer, ${title} have until ${day(heldUntil)} to read it and reply before it is published with their reply, if any.\n\n`
        : `It is published on ${config.siteName} now.\n\n`) +
      `You may change it once, until ${day(editableUntil)}: ${page(config, REVIEW_PAGES.edit, editToken)}\n\n` +
      howReviewsWork(config) +
      sign(config),
  }),
  /** To the lister at once when a low rating is held. */
  held: (config: AppConfig, firstName: string, title: string, heldUntil: Date) => ({
    subject: `A review of ${title} is waiting for your reply`,
    text:
      `Hi ${firstName},\n\n` +
      `Someone who enquired about ${title} left a review of 2 stars or fewer. It is published on ${day(heldUntil)}, ` +
      `with your reply if you write one. Until then only you can see it, in your control panel: ${config.siteOrigin}/cp/reviews\n\n` +
      `You may reply publicly, ask for ${REVIEW_RULES.extendedHoldDays - REVIEW_RULES.holdDays} more days to resolve it with the reviewer (once), or report it to us ` +
      `if the reviewer was not a client, or it holds personal data or abuse. A review is never hidden for being low.\n\n` +
      howReviewsWork(config) +
      sign(config),
  }),
  /** To the reviewer when an admin removed the review. */
  removed: (config: AppConfig, title: string, reason: ReviewReportReason) => ({
    subject: `Your review of ${title} was removed`,
    text:
      `Hello,\n\n` +
      `We have removed your review of ${title} from ${config.siteName}. The reason: ${REVIEW_REPORT_REASON_TEXTS[reason].toLowerCase()}.\n\n` +
      `We remove reviews only for this reason or the other two (the reviewer was not a client, it contains personal data, it is abusive), ` +
      `never for being low. If you think this is a mistake, reply to this email or write to ${config.contact.email}.\n\n` +
      howReviewsWork(config) +
      sign(config),
  }),
};
