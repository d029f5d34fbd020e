import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePageContext } from 'vike-react/usePageContext';

interface Props {
  latitude: number;
  longitude: number;
  onMove: (latitude: number, longitude: number) => void;
}

/** The listing's map pin, dragged to fine-tune it. Loaded only when the editor shows a pin (its own chunk, with Leaflet). */
export default function PinMap({ latitude, longitude, onMove }: Props) {
  const { site } = usePageContext();
  const el = useRef<HTMLDivElement>(null);
  const marker = useRef<L.Marker | null>(null);
  const map = useRef<L.Map | null>(null);
  const moved = useRef(onMove);
  moved.current = onMove;

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { center: [latitude, longitude], zoom: 13, scrollWheelZoom: false });
    L.tileLayer(site.mapTileUrl, { attribution: site.mapAttribution, maxZoom: 18 }).addTo(m);
    const pin = L.marker([latitude, longitude], { icon: PIN, draggable: true, title: 'Your pin: drag it to your place', alt: 'Your pin', keyboard: true }).addTo(m);
    pin.on('dragend', () => {
      const at = pin.getLatLng();
      moved.current(round(at.lat), round(at.lng));
    });
    map.current = m;
    marker.current = pin;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; later positions move the pin (below).
  }, [site.mapTileUrl, site.mapAttribution]);

  // In the same frame as the fields that moved it, so the pin is never shown where it no longer is.
  useLayoutEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    const at = pin.getLatLng();
    if (round(at.lat) === latitude && round(at.lng) === longitude) return;
    pin.setLatLng([latitude, longitude]);
    map.current?.panTo([latitude, longitude], { animate: false });
  }, [latitude, longitude]);

  return <div ref={el} className="pin-map" data-testid="pin-map" />;
}

/** Six decimals: about 10 cm, more than a pin needs. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

const PIN = L.divIcon({ className: 'map-pin', html: '<span></span>', iconSize: [26, 26], iconAnchor: [13, 26] });
