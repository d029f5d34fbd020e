import { CEREMONY_TYPES, RepertoireItem } from '@directory/domain';
import type { MessageId } from '../locales/en';

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** A listing's repertoire as its profile shows it: by ceremony, then its moments in order; worded on the server. */
export interface RepertoireView {
  heading: string;
  ceremonies: {
    key: string;
    name: string;
    moments: { key: string; name: string; pieces: { title: string; composer: string; language: string; clip: { youtubeId: string; start: number; label: string } | null }[] }[];
  }[];
}

/** snake_case to the catalogue's CamelCase: gospel_acclamation → GospelAcclamation. */
const camel = (key: string) => key.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** 95 → "1:35". */
export const clipTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function repertoireView(items: RepertoireItem[], t: T): RepertoireView | null {
  if (!items.length) return null;
  const ceremonies = CEREMONY_TYPES.map((c) => ({
    key: c.key,
    name: t(`repertoire.ceremony${camel(c.key)}` as MessageId),
    moments: c.moments
      .map(([moment]) => ({
        key: moment,
        name: t(`repertoire.moment${camel(moment)}` as MessageId),
        pieces: items
          .filter((i) => i.ceremony === c.key && i.moment === moment)
          .map((i) => ({
            title: i.title,
            composer: i.composer,
            language: t(`repertoire.lang${camel(i.language)}` as MessageId),
            clip: i.clip_youtube_id ? { youtubeId: i.clip_youtube_id, start: i.clip_start ?? 0, label: t('repertoire.play', { title: i.title, time: clipTime(i.clip_start ?? 0) }) } : null,
          })),
      }))
      .filter((m) => m.pieces.length > 0),
  })).filter((c) => c.moments.length > 0);
  return { heading: t('repertoire.heading'), ceremonies };
}
