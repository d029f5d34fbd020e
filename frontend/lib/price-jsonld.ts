import type { PriceDetails } from '@directory/domain';

interface Listed {
  title: string;
  categoryName: string;
  countyName: string;
  area: string;
  latitude: number | null;
  longitude: number | null;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * schema.org Service with its Offer: the from-price as a PriceSpecification (minPrice, VAT included or not; no price
 * when on request) and the area served, the lister's county and, when they say how far they travel free, a circle of
 * that radius around their pin.
 */
export function offerJsonLd(post: Listed, details: PriceDetails, url: string): Record<string, unknown> {
  const county = { '@type': 'AdministrativeArea', name: `County ${post.countyName}` };
  const circle =
    details.travel_free_km !== null && post.latitude !== null && post.longitude !== null
      ? {
          '@type': 'GeoCircle',
          geoMidpoint: { '@type': 'GeoCoordinates', latitude: post.latitude, longitude: post.longitude },
          geoRadius: details.travel_free_km * 1000,
        }
      : null;
  const areaServed = circle ? [county, circle] : county;
  const priced = details.from_cents !== null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: post.title,
    serviceType: post.categoryName,
    url,
    provider: { '@type': 'LocalBusiness', name: post.title, address: { '@type': 'PostalAddress', addressLocality: post.area, addressRegion: `County ${post.countyName}`, addressCountry: 'IE' } },
    areaServed,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      ...(priced ? { price: euros(details.from_cents!) } : {}),
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: 'EUR',
        ...(priced ? { minPrice: euros(details.from_cents!) } : {}),
        valueAddedTaxIncluded: details.vat_included,
        validFrom: details.confirmed_on,
      },
      areaServed,
    },
  };
}
