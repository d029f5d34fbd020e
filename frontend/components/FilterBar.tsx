import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';
import type { SearchMode } from '../lib/listing';

/** Scroll distance after which the filter bar sticks to the top. */
export const STICKY_AFTER_PX = 285;

interface Props {
  mode: SearchMode;
  onMode: (mode: SearchMode) => void;
  refineLabel: string;
  onRefine: () => void;
  priceLabel: string;
  onPrice: () => void;
  /** A visitor points at or focuses a dialog's button: the listing fetches the dialogs' code before the click. */
  onIntent?: () => void;
  /** The search by date's form, as HTML the server drew (components/DateForm.tsx): beside the price button, no code to load. */
  dateForm: string;
}

export function FilterBar({ mode, onMode, refineLabel, onRefine, priceLabel, onPrice, onIntent, dateForm }: Props) {
  const { t } = useI18n();
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const onScroll = () => setStuck(window.scrollY > STICKY_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const tab = (m: SearchMode, label: string) => (
    <button type="button" role="tab" id={`tab-${m}`} aria-selected={mode === m} aria-controls="search-menu" className="tab" onClick={() => onMode(m)}>
      {label}
    </button>
  );
  return (
    <div className="filter-bar-slot">
      <div className={`filter-bar${stuck ? ' is-stuck' : ''}`} data-testid="filter-bar">
        <div role="tablist" aria-label={t('listing.searchBy')} className="tabs">
          {tab('category', t('listing.category'))}
          {tab('county', t('listing.county'))}
        </div>
        <div className="filter-actions">
          <button type="button" className="button button-secondary" onClick={onRefine} onPointerEnter={onIntent} onFocus={onIntent} aria-haspopup="dialog">
            {refineLabel}
          </button>
          <button type="button" className="button button-secondary" onClick={onPrice} onPointerEnter={onIntent} onFocus={onIntent} aria-haspopup="dialog">
            {priceLabel}
          </button>
          <div className="date-slot" dangerouslySetInnerHTML={{ __html: dateForm }} />
        </div>
      </div>
    </div>
  );
}
