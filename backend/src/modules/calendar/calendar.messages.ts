import type { AppConfig } from '../../config/configuration';
import type { CalendarFeedEntity } from './calendar.entities';

/** To a lister whose calendar feed failed twice in a row: which feed, why, and where to fix it. Sent once until it works. */
export function feedFailingMail(config: AppConfig, firstName: string, listing: string, feed: CalendarFeedEntity) {
  return {
    subject: `Your calendar feed for ${listing} is not working`,
    text:
      `Hi ${firstName},\n\nWe could not read the calendar feed you added to ${listing} on ${config.siteName} ` +
      `the last ${feed.failures} times we tried (the feed at ${hostOf(feed.url)}):\n\n${feed.lastError ?? ''}\n\n` +
      `Until it works again, visitors see your days as you last marked them, and after 30 days without an update as unknown. ` +
      `You can check the address or remove the feed in Calendar in your control panel: ${config.siteOrigin}/cp/calendar\n`,
  };
}

/** The feed's server only: a calendar's secret address is not repeated in mail. */
function hostOf(url: string): string {
  try {
    return new URL(url.replace(/^webcal:/i, 'https:')).host;
  } catch {
    return 'the address you gave';
  }
}
