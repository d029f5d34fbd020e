import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { profilePath } from '@directory/domain';
import { query } from '../lib/api-client';
import { siteApi } from '../lib/browser-api';
import type { PriceType, Profile, PublicSiteConfig } from '../lib/types';

/** The fixed centre of Ireland and the zoom the map opens at. */
export const IRELAND: [number, number] = [53.4129, -8.2439];
export const MAP_ZOOM = 8;

interface Props {
  site: PublicSiteConfig;
  filters: { catSlug: string; tagSlug: string; price: PriceType | null; date?: string | null; slot?: string | null };
  /** Shown as a full-screen layer with 'Show list' and 'Close' (listings), or inline (the county map page). */
  inline?: boolean;
  onClose?: () => void;
}

/**
 * Loaded only when a visitor opens the map (this module is a separate chunk with Leaflet). One marker per
 * located profile of the listing; a marker opens a photo card with area, county and title linking to the profile.
 * Tiles come from MAP_TILE_URL; when they cannot load, markers and cards still work.
 */
export default function MapScreen({ site, filters, inline, onClose }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!el.current) return;
    const map = L.map(el.current, { center: irelandCentre(), zoom: MAP_ZOOM, scrollWheelZoom: !inline });
    L.tileLayer(site.mapTileUrl, { attribution: site.mapAttribution, maxZoom: 18 }).addTo(map);
    let cancelled = false;
    siteApi(site.apiOrigin)
      .get<Profile[]>(`/api/profiles/${query(filters)}`)
      .then(({ body }) => {
        if (cancelled) return;
        const located = body.filter((p) => p.latitude !== null && p.longitude !== null);
        for (const p of located) {
          L.marker([p.latitude!, p.longitude!], { icon: PIN, title: p.title, alt: p.title, keyboard: true })
            .bindPopup(() => card(p, profilePath(site.site, { slug: p.slug, categorySlug: p.category_slug })), { maxWidth: 280, minWidth: 220 })
            .addTo(map);
        }
        setCount(located.length);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      map.remove();
    };
  }, [site, filters.catSlug, filters.tagSlug, filters.price, filters.date, filters.slot, inline]);

  useEffect(() => {
    if (inline || !onClose) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('map-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('map-open');
    };
  }, [inline, onClose]);

  const status = failed ? 'The map markers could not be loaded.' : count === null ? 'Loading the map…' : `${count} profiles on the map`;
  if (inline) {
    return (
      <div className="map-inline">
        <p className="muted" aria-live="polite">
          {status}
        </p>
        <div ref={el} className="map-canvas" data-testid="map" />
      </div>
    );
  }
  return (
    <div className="map-screen" role="dialog" aria-modal="true" aria-label="Map of profiles">
      <div className="map-bar">
        <button type="button" className="button" onClick={onClose} autoFocus>
          Show list
        </button>
        <span className="muted" aria-live="polite">
          {status}
        </span>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <div ref={el} className="map-canvas" data-testid="map" />
    </div>
  );
}

const irelandCentre = () => L.latLng(IRELAND[0], IRELAND[1]);

/** A CSS pin: no marker images to bundle or fetch. */
const PIN = L.divIcon({ className: 'map-pin', html: '<span></span>', iconSize: [26, 26], iconAnchor: [13, 26], popupAnchor: [0, -24] });

/** The info window: photo card (931x550), area and county, title linking to the profile. Built from text nodes only. */
function card(p: Profile, href: string): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-card';
  const photo = document.createElement('a');
  photo.href = href;
  photo.tabIndex = -1;
  const img = document.createElement('img');
  img.src = p.images.map;
  img.width = 931;
  img.height = 550;
  img.alt = '';
  photo.append(img);
  const where = document.createElement('p');
  where.className = 'map-card-where';
  where.textContent = `${p.area}, ${p.tag_name}`;
  const title = document.createElement('a');
  title.href = href;
  title.className = 'map-card-title';
  title.textContent = p.title;
  root.append(photo, where, title);
  return root;
}
