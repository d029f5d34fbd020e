/**
 * Church repertoire: the pieces a lister plays at each moment of the ceremonies they play, from a shared catalogue of
 * pieces (or typed in when missing), each in a language and optionally with a clip of their own video from a start
 * time. The ceremony types and their moments, in order, are defined here once.
 */

export const CEREMONY_TYPES = [
  {
    key: 'mass',
    name: 'Catholic wedding Mass',
    moments: [
      ['prelude', 'Prelude'],
      ['entrance', 'Entrance of the bride'],
      ['candles', 'Lighting of the candles'],
      ['psalm', 'Responsorial psalm'],
      ['gospel_acclamation', 'Gospel acclamation'],
      ['offertory', 'Offertory'],
      ['mass_parts', 'Sanctus and Mass parts'],
      ['sign_of_peace', 'Sign of peace'],
      ['communion', 'Communion'],
      ['signing', 'Signing of the register'],
      ['recessional', 'Recessional'],
    ],
  },
  {
    key: 'ceremony',
    name: 'Catholic ceremony without Mass',
    moments: [
      ['prelude', 'Prelude'],
      ['entrance', 'Entrance of the bride'],
      ['psalm', 'Responsorial psalm'],
      ['gospel_acclamation', 'Gospel acclamation'],
      ['after_vows', 'After the vows'],
      ['candles', 'Lighting of the candles'],
      ['signing', 'Signing of the register'],
      ['recessional', 'Recessional'],
    ],
  },
  {
    key: 'coi',
    name: 'Church of Ireland',
    moments: [
      ['prelude', 'Prelude'],
      ['entrance', 'Entrance of the bride'],
      ['hymn', 'Hymn'],
      ['psalm', 'Psalm'],
      ['anthem', 'Anthem or reflection'],
      ['signing', 'Signing of the register'],
      ['recessional', 'Recessional'],
    ],
  },
  {
    key: 'civil',
    name: 'Civil or humanist ceremony',
    moments: [
      ['arrival', 'Guests arriving'],
      ['entrance', 'Entrance'],
      ['interlude', 'Between the readings'],
      ['after_vows', 'After the vows'],
      ['signing', 'Signing of the register'],
      ['exit', 'Exit'],
    ],
  },
] as const;

export type CeremonyType = (typeof CEREMONY_TYPES)[number]['key'];
export const CEREMONY_KEYS = CEREMONY_TYPES.map((c) => c.key) as CeremonyType[];

/** The moments of a ceremony type, in order; empty for an unknown type. */
export const momentsOf = (ceremony: string): readonly (readonly [string, string])[] => CEREMONY_TYPES.find((c) => c.key === ceremony)?.moments ?? [];

export const PIECE_LANGUAGES = ['ga', 'en', 'la', 'instrumental'] as const;
export type PieceLanguage = (typeof PIECE_LANGUAGES)[number];

export const REPERTOIRE_LIMITS = {
  /** Pieces in one listing's repertoire, every ceremony and moment together. */
  maxPieces: 120,
  titleMax: 200,
  composerMax: 120,
  /** A clip starts within the first 6 hours of a video. */
  clipStartMax: 6 * 3600,
  /** Type-ahead answers at most this many pieces. */
  searchMax: 12,
} as const;

/** A piece of the shared catalogue. */
export interface PieceDto {
  id: number;
  title: string;
  composer: string;
}

/** One piece at one moment of a listing's repertoire, as the API answers it. */
export interface RepertoireItem {
  ceremony: CeremonyType;
  moment: string;
  /** The catalogue's piece; null for one the lister typed in. */
  piece_id: number | null;
  title: string;
  composer: string;
  language: PieceLanguage;
  /** The lister's own video (a YouTube id of the listing) to play from clip_start seconds; null without a clip. */
  clip_youtube_id: string | null;
  clip_start: number | null;
}

/** What the control panel sends per piece: a catalogue id, or a title (and composer) typed in. */
export interface RepertoireItemInput {
  ceremony: CeremonyType;
  moment: string;
  piece_id?: number | null;
  title?: string;
  composer?: string;
  language: PieceLanguage;
  clip_youtube_id?: string | null;
  clip_start?: number | null;
}
