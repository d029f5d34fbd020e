import { type DateSearch, withPrice } from '../lib/listing';
import type { PriceType } from '../lib/types';

interface Props {
  /** The listing's own path (without the language prefix). */
  path: string;
  price: PriceType | null;
  date: DateSearch | null;
  /** The days that can be searched: today to three years ahead. */
  range: { min: string; max: string };
  /** The page's texts and its language's paths (useI18n's t and href). */
  t: (id: 'listing.dateSearch' | 'listing.date' | 'listing.slot' | 'listing.wholeDay' | 'listing.morning' | 'listing.afternoon' | 'listing.showDate' | 'listing.clearDate') => string;
  href: (path: string) => string;
}

/**
 * The search by date: a plain GET form with the browser's own date picker, so it works before and without the page's
 * scripts. The listing's data renders it to HTML on the server (renderToStaticMarkup) and the page places that HTML as
 * it is, so the listing pages' scripts carry none of its code (their JavaScript budget).
 */
export function DateForm({ path, price, date, range, t, href }: Props) {
  return (
    <form method="get" action={href(path)} className="date-form" role="search" aria-label={t('listing.dateSearch')} data-testid="date-form">
      {price && <input type="hidden" name="price" value={price} />}
      <label className="visually-hidden" htmlFor="date-search">
        {t('listing.date')}
      </label>
      <input type="date" id="date-search" name="date" min={range.min} max={range.max} defaultValue={date?.date ?? ''} required />
      <select name="slot" defaultValue={date?.slot ?? ''} aria-label={t('listing.slot')}>
        <option value="">{t('listing.wholeDay')}</option>
        <option value="am">{t('listing.morning')}</option>
        <option value="pm">{t('listing.afternoon')}</option>
      </select>
      <button type="submit" className="button button-secondary">
        {t('listing.showDate')}
      </button>
      {date && (
        <a className="date-clear" href={href(withPrice(path, price))}>
          {t('listing.clearDate')}
        </a>
      )}
    </form>
  );
}
