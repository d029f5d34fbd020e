import type { ProfileData } from '../lib/profile-data';

/** What the price includes, worded by the page's data (lib/price-view.ts). */
export function PriceBlock({ price }: { price: NonNullable<ProfileData['price']> }) {
  return (
    <section className="price-block" aria-labelledby="price-heading" data-testid="price-block">
      <h2 id="price-heading">{price.heading}</h2>
      <p className="price-from">{price.from}</p>
      <dl>
        {[price.included, price.extras].map(
          (group) =>
            group.items.length > 0 && (
              <div key={group.title}>
                <dt>{group.title}</dt>
                {group.items.map((item) => (
                  <dd key={item}>{item}</dd>
                ))}
              </div>
            ),
        )}
        <div>
          <dt>{price.travel.title}</dt>
          <dd>{price.travel.text}</dd>
        </div>
      </dl>
      {price.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </section>
  );
}
