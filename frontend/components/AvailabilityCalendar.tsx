import { useI18n } from '../lib/i18n';
import { articleDate, monthName, shortDay, WEEKDAY_INITIALS } from '../lib/dates';
import type { ProfileData } from '../lib/profile-data';

const STATE: Record<string, 'free' | 'booked' | 'unknown' | 'half'> = { f: 'free', b: 'booked', u: 'unknown', m: 'half', a: 'half' };

/**
 * The profile's next months of availability, drawn by the server: each day a link that chooses it for an enquiry
 * (?date=), so it works before and without the page's scripts; a whole page load (data-vike="false"), which draws the
 * chosen day and the enquiry form's date from the address.
 */
export function AvailabilityCalendar({ availability, chosen }: { availability: NonNullable<ProfileData['availability']>; chosen: string | null }) {
  const { t, lang } = useI18n();
  const label = (letter: string) =>
    letter === 'f' ? t('profile.free') : letter === 'b' ? t('profile.booked') : letter === 'u' ? t('profile.unknown') : t(letter === 'm' ? 'profile.morningBooked' : 'profile.afternoonBooked');
  return (
    <section className="availability" aria-labelledby="availability-title" data-testid="availability">
      <h2 id="availability-title">{t('profile.availability')}</h2>
      <p className="muted">
        {availability.updatedAt ? t('profile.availabilityUpdated', { day: articleDate(availability.updatedAt, lang) }) : t('profile.availabilityNever')}
        {availability.updatedAt && !availability.fresh && ` ${t('profile.availabilityStale')}`}
      </p>
      <ul className="availability-legend">
        {(['f', 'b', 'u'] as const).map((l) => (
          <li key={l} className={`day-${STATE[l]}`}>
            {label(l)}
          </li>
        ))}
      </ul>
      <div className="availability-months">
        {availability.months.map(({ month, first, days }) => {
          const [y, m] = month.split('-').map(Number);
          // Monday first: blanks before the first day shown.
          const lead = (new Date(Date.UTC(y, m - 1, Number(first.slice(8, 10)))).getUTCDay() + 6) % 7;
          return (
            <table key={month} className="availability-month">
              <caption>
                {monthName(m - 1, lang)} {y}
              </caption>
              <thead>
                <tr>
                  {WEEKDAY_INITIALS[lang].map((d, i) => (
                    <th key={i} scope="col">
                      {d}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks(lead, days).map((week, w) => (
                  <tr key={w}>
                    {week.map((letter, i) => {
                      if (letter === null) return <td key={i} />;
                      const dayNumber = Number(first.slice(8, 10)) + w * 7 + i - lead;
                      const day = `${month}-${String(dayNumber).padStart(2, '0')}`;
                      return (
                        <td key={i} className={`day-${STATE[letter]}${day === chosen ? ' is-chosen' : ''}`}>
                          <a href={`?date=${day}`} data-vike="false" title={`${shortDay(day, lang)}: ${label(letter)}`} aria-label={`${shortDay(day, lang)}: ${label(letter)}`} aria-current={day === chosen ? 'date' : undefined}>
                            {dayNumber}
                          </a>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </section>
  );
}

/** The month's days in rows of seven, null for the blanks. */
function weeks(lead: number, days: string): (string | null)[][] {
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days.split('')];
  while (cells.length % 7) cells.push(null);
  const out: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) out.push(cells.slice(i, i + 7));
  return out;
}
