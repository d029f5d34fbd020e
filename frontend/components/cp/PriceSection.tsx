import { EXTRA_UNITS, ExtraUnit, PRICE_INCLUSIONS, PRICE_LIMITS, Site } from '@directory/domain';
import { useI18n } from '../../lib/i18n';
import { emptyPriceForm, PriceForm, PriceProblem, readPriceForm } from '../../lib/cp-price';
import type { MessageId } from '../../locales/en';
import { HintedField, SelectField } from './Controls';

const INCLUSION_LABEL: Record<string, MessageId> = {
  rehearsal: 'cp.price.rehearsal',
  arrival: 'cp.price.arrival',
  ceremony: 'cp.price.ceremony',
  requests: 'cp.price.requests',
  pa: 'cp.price.pa',
  session: 'cp.price.session',
  pupils: 'cp.price.pupils',
  materials: 'cp.price.materials',
};

const PER_LABEL: Record<ExtraUnit, MessageId> = {
  booking: 'cp.price.perBooking',
  half_hour: 'cp.price.perHalfHour',
  hour: 'cp.price.perHour',
  musician: 'cp.price.perMusician',
  session: 'cp.price.perSession',
};

const PROBLEM: Record<PriceProblem, MessageId> = {
  from: 'cp.price.problemFrom',
  fromFree: 'cp.price.problemFromFree',
  fromZero: 'cp.price.problemFromZero',
  quantity: 'cp.price.problemQuantity',
  extra: 'cp.price.problemExtra',
  travel: 'cp.price.problemTravel',
  deposit: 'cp.price.problemDeposit',
};

/**
 * What the price includes, part of the listing's form: it is saved with the other fields and kept in the same draft
 * (the form's price_details holds it as JSON). `error` is a problem the page found (its key) or the API's message.
 */
export function PriceSection({ site, value, error, onChange }: { site: Site; value: string; error?: string; onChange: (json: string) => void }) {
  const { t } = useI18n();
  const form = readPriceForm(site, value);
  const set = (change: Partial<PriceForm>) => onChange(JSON.stringify({ ...(form ?? emptyPriceForm(site)), ...change }));
  const message = error ? (error in PROBLEM ? t(PROBLEM[error as PriceProblem]) : error) : undefined;
  return (
    <section className="cp-section" aria-labelledby="price-title" id="listing-price_details" tabIndex={-1}>
      <h2 id="price-title">{t('cp.price.heading')}</h2>
      <p className="field-hint">{t('cp.price.intro')}</p>
      {!form ? (
        <p>
          <button type="button" className="button button-small button-secondary" onClick={() => set({})}>
            {t('cp.price.add')}
          </button>
        </p>
      ) : (
        <>
          {message && (
            <p className="field-error" role="alert" data-testid="price-error">
              {message}
            </p>
          )}
          <div className="field-row">
            <HintedField id="price-from" label={t('cp.price.from')} inputMode="decimal" value={form.from} disabled={form.onRequest} onChange={(e) => set({ from: e.target.value })} hint={t('cp.price.fromHint')} />
            <label className="check">
              <input type="checkbox" checked={form.onRequest} onChange={(e) => set({ onRequest: e.target.checked })} /> {t('cp.price.onRequest')}
            </label>
          </div>
          <fieldset>
            <legend>{t('cp.price.included')}</legend>
            {PRICE_INCLUSIONS[site].map((k) =>
              k.unit === 'yes' ? (
                <label key={k.key} className="check">
                  <input type="checkbox" checked={form.includes[k.key] === 'yes'} onChange={(e) => set({ includes: { ...form.includes, [k.key]: e.target.checked ? 'yes' : '' } })} /> {t(INCLUSION_LABEL[k.key])}
                </label>
              ) : (
                <HintedField
                  key={k.key}
                  id={`price-incl-${k.key}`}
                  label={t(INCLUSION_LABEL[k.key])}
                  inputMode="numeric"
                  value={form.includes[k.key] ?? ''}
                  onChange={(e) => set({ includes: { ...form.includes, [k.key]: e.target.value } })}
                />
              ),
            )}
          </fieldset>
          <fieldset>
            <legend>{t('cp.price.extras')}</legend>
            {form.extras.map((x, i) => {
              const change = (c: Partial<PriceForm['extras'][number]>) => set({ extras: form.extras.map((e, j) => (j === i ? { ...e, ...c } : e)) });
              return (
                <div className="field-row" key={i}>
                  <HintedField id={`price-extra-${i}-label`} label={t('cp.price.extraLabel')} maxLength={PRICE_LIMITS.extraLabelMax} value={x.label} onChange={(e) => change({ label: e.target.value })} />
                  <HintedField id={`price-extra-${i}-amount`} label={t('cp.price.extraAmount')} inputMode="decimal" value={x.amount} onChange={(e) => change({ amount: e.target.value })} />
                  <SelectField id={`price-extra-${i}-per`} label={t('cp.price.extraPer')} value={x.per} onChange={(e) => change({ per: e.target.value as ExtraUnit })}>
                    {EXTRA_UNITS.map((u) => (
                      <option key={u} value={u}>
                        {t(PER_LABEL[u])}
                      </option>
                    ))}
                  </SelectField>
                  <button type="button" className="link-button" onClick={() => set({ extras: form.extras.filter((_, j) => j !== i) })}>
                    {t('cp.price.removeExtra')}
                  </button>
                </div>
              );
            })}
            {form.extras.length < PRICE_LIMITS.maxExtras && (
              <button type="button" className="button button-small button-secondary" onClick={() => set({ extras: [...form.extras, { label: '', amount: '', per: site === 'cliste' ? 'session' : 'half_hour' }] })}>
                {t('cp.price.addExtra')}
              </button>
            )}
          </fieldset>
          <div className="field-row">
            <HintedField id="price-free-km" label={t('cp.price.freeKm')} inputMode="numeric" value={form.freeKm} onChange={(e) => set({ freeKm: e.target.value })} />
            <HintedField id="price-per-km" label={t('cp.price.perKm')} inputMode="decimal" value={form.perKm} onChange={(e) => set({ perKm: e.target.value })} />
            <HintedField id="price-deposit" label={t('cp.price.deposit')} inputMode="decimal" value={form.deposit} onChange={(e) => set({ deposit: e.target.value })} />
          </div>
          <label className="check">
            <input type="checkbox" checked={form.vat} onChange={(e) => set({ vat: e.target.checked })} /> {t('cp.price.vat')}
          </label>
          <p>
            <button type="button" className="link-button" onClick={() => onChange('')}>
              {t('cp.price.remove')}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
