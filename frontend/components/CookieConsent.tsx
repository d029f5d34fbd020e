import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { allChoices, applyConsent, CHOICES, Consent, readConsent, saveConsent } from '../lib/consent';

/** Cookie notice on the live site only: Decline, Accept, or Manage preferences with five choices. */
export function CookieConsent() {
  const { site } = usePageContext();
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const [picked, setPicked] = useState<Consent>(allChoices(false));

  useEffect(() => {
    if (!site.production) return;
    const stored = readConsent();
    if (stored) applyConsent(stored, site);
    else setOpen(true);
  }, [site]);

  if (!site.production || !open) return null;
  const choose = (c: Consent) => {
    saveConsent(c);
    applyConsent(c, site);
    setOpen(false);
  };
  return (
    <section className="cookie-consent" aria-label="Cookie preferences" data-testid="cookie-consent">
      <p>We use cookies to measure visits and improve the directory. You choose what we may use.</p>
      {managing ? (
        <div className="cookie-panel">
          {CHOICES.map(([key, label]) => (
            <div className="check" key={key}>
              <input id={`consent-${key}`} type="checkbox" checked={picked[key]} onChange={(e) => setPicked({ ...picked, [key]: e.target.checked })} />
              <label htmlFor={`consent-${key}`}>{label}</label>
            </div>
          ))}
          <div className="cookie-buttons">
            <button type="button" className="button" onClick={() => choose({ ...picked, chosen: true })}>
              Accept selected
            </button>
            <button type="button" className="button button-secondary" onClick={() => choose(allChoices(false))}>
              Decline all
            </button>
            <button type="button" className="button" onClick={() => choose(allChoices(true))}>
              Accept all
            </button>
          </div>
        </div>
      ) : (
        <div className="cookie-buttons">
          <button type="button" className="button button-secondary" onClick={() => choose(allChoices(false))}>
            Decline
          </button>
          <button type="button" className="button" onClick={() => choose(allChoices(true))}>
            Accept
          </button>
          <button type="button" className="button button-secondary" onClick={() => setManaging(true)}>
            Manage preferences
          </button>
        </div>
      )}
    </section>
  );
}
