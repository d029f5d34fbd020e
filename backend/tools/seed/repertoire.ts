import { CeremonyType, PieceLanguage } from '@directory/domain';
import type { PostPieceEntity } from '../../src/modules/repertoire/post-piece.entity';
import { Random } from './random';

/** Pieces couples ask for at each moment, by catalogue title (every title here is in the catalogue). */
const POOLS: Record<string, string[]> = {
  prelude: ['Canon in D', 'Air on the G String', 'Gabriel’s Oboe', 'Carolan’s Concerto', 'Sheep May Safely Graze', 'Clair de Lune', 'Salut d’Amour', 'Gymnopédie No. 1', 'The Coolin (An Chúileann)', 'Ashokan Farewell', 'River Flows in You'],
  entrance: ['Highland Cathedral', 'Canon in D', 'Arrival of the Queen of Sheba', 'Trumpet Voluntary (Prince of Denmark’s March)', 'Bridal Chorus', 'Ag Críost an Síol', 'Gabriel’s Oboe', 'A Thousand Years', 'Caoineadh Cú Chulainn', 'Marry You'],
  candles: ['Ag Críost an Síol', 'Ave Maria', 'Be Thou My Vision', 'Bí Íosa im’ Chroíse', 'Deep Peace', 'The Prayer'],
  psalm: ['Psalm 33: The Earth Is Full of the Goodness of the Lord', 'Psalm 103: The Lord Is Compassion and Love', 'Psalm 34: Taste and See', 'Psalm 128: O Blessed Are Those Who Fear the Lord', 'Psalm 23: Is é an Tiarna m’Aoire', 'Psalm 145: I Will Praise Your Name For Ever', 'The Lord’s My Shepherd (Crimond)'],
  gospel_acclamation: ['Celtic Alleluia', 'Alleluia (Exsultate, jubilate)', 'Jubilate Deo'],
  offertory: ['Be Thou My Vision', 'Here I Am, Lord', 'Make Me a Channel of Your Peace', 'Christ Be Beside Me', 'Lord of All Hopefulness', 'Mo Ghile Mear'],
  mass_parts: ['Mass of St Ann (Sanctus, Memorial Acclamation, Amen)', 'Aifreann Uí Riada (Mass parts in Irish)', 'Lourdes Gloria', 'Mass of Creation', 'Belmont Mass', 'Sanctus (Aifreann Ceiliúrtha)'],
  sign_of_peace: ['Make Me a Channel of Your Peace', 'Deep Peace', 'An Irish Blessing (May the Road Rise to Meet You)'],
  communion: ['Panis Angelicus', 'Ave Verum Corpus', 'On Eagle’s Wings', 'Ubi Caritas', 'Pie Jesu', 'The Lord Is My Shepherd', 'Bí Íosa im’ Chroíse', 'Ag Críost an Síol', 'Ave Maria'],
  signing: ['Ave Maria', 'Hallelujah', 'The Prayer', 'Nella Fantasia', 'Ar Éirinn Ní Neosfainn Cé Hí', 'Highland Cathedral', 'Grace', 'You Raise Me Up', 'Perfect', 'The Parting Glass', 'Siúil a Rún', 'Mo Ghile Mear', 'Caledonia'],
  recessional: ['Ode to Joy', 'Wedding March', 'La Réjouissance (Music for the Royal Fireworks)', 'Hornpipe (Water Music)', 'Toccata (Symphony No. 5)', 'Rondeau (Abdelazer)', 'Signed, Sealed, Delivered I’m Yours', 'Beautiful Day', 'Trumpet Tune'],
  after_vows: ['The Prayer', 'Ave Maria', 'The Book of Love', 'An Irish Blessing (May the Road Rise to Meet You)', 'Gaelic Blessing (Deep Peace)'],
  hymn: ['Be Thou My Vision', 'Love Divine, All Loves Excelling', 'Praise, My Soul, the King of Heaven', 'Now Thank We All Our God', 'All Things Bright and Beautiful', 'Morning Has Broken'],
  anthem: ['The Lord Bless You and Keep You', 'For the Beauty of the Earth', 'Cantique de Jean Racine', 'Gaelic Blessing (Deep Peace)'],
  arrival: ['Canon in D', 'Clair de Lune', 'Here Comes the Sun', 'River Flows in You', 'Fields of Gold', 'Married Life (Up)'],
  interlude: ['Somewhere Over the Rainbow', 'What a Wonderful World', 'Make You Feel My Love', 'In My Life', 'Down by the Salley Gardens'],
  exit: ['Signed, Sealed, Delivered I’m Yours', 'All You Need Is Love', 'Beautiful Day', 'Marry You', 'I’m a Believer', 'Here Comes the Sun'],
};

const MOMENTS: Record<CeremonyType, string[]> = {
  mass: ['prelude', 'entrance', 'candles', 'psalm', 'gospel_acclamation', 'offertory', 'mass_parts', 'sign_of_peace', 'communion', 'signing', 'recessional'],
  ceremony: ['prelude', 'entrance', 'psalm', 'gospel_acclamation', 'after_vows', 'candles', 'signing', 'recessional'],
  coi: ['prelude', 'entrance', 'hymn', 'psalm', 'anthem', 'signing', 'recessional'],
  civil: ['arrival', 'entrance', 'interlude', 'after_vows', 'signing', 'exit'],
};

/** Titles sung in Irish and in Latin when a singer sings them. */
const IRISH = /^(Ag Críost|Ar Éirinn|Mo Ghile|Bí Íosa|Psalm 23: Is é|Aifreann|Sanctus \(Aifreann|Siúil|Ó Bhean|Gabhaim|Fáinne|Suantraí|An Mhaighdean|Níl Sé|Mo Mhúirnín|Róisín|Táimse|Sé an Tiarna|Dóchas|Ár nAthair|Anois)/;
const LATIN = /^(Ave Maria|Panis Angelicus|Ave Verum|Laudate|Pie Jesu|Ubi Caritas|Salve Regina|Tantum Ergo|Pange Lingua|Agnus Dei|Jubilate|O Sanctissima|Alleluia)/;
const INSTRUMENTAL = /quartet|harp|flaut|instrumental|organ|violin|piper|trumpet/;

/**
 * A believable church repertoire for a seeded lister: a Catholic Mass for most, a ceremony without Mass, Church of
 * Ireland or civil for some, a piece or two per moment from what couples ask for, in Irish, English or Latin as a
 * singer sings it (instrumental for instrumentalists), and a clip of their own video at some pieces. Its own
 * generator per post, so the rest of the seed is unchanged.
 */
export function seedRepertoire(postId: number, categorySlug: string, pieceIds: Map<string, number>, videos: { youtubeId: string; duration: number }[]): Partial<PostPieceEntity>[] {
  const rnd = new Random(postId * 104729 + 3);
  const ceremonies: CeremonyType[] = ['mass'];
  if (rnd.chance(0.6)) ceremonies.push('ceremony');
  if (rnd.chance(0.25)) ceremonies.push('coi');
  if (rnd.chance(0.35)) ceremonies.push('civil');
  const instrumental = INSTRUMENTAL.test(categorySlug);
  const irishSinger = !instrumental && rnd.chance(0.55);
  const rows: Partial<PostPieceEntity>[] = [];
  for (const ceremony of ceremonies) {
    for (const moment of MOMENTS[ceremony]) {
      // A Mass gets every moment; the other ceremonies their main ones.
      if (ceremony !== 'mass' && rnd.chance(0.3)) continue;
      const pool = POOLS[moment];
      const picks = new Set([rnd.pick(pool), ...(rnd.chance(0.35) ? [rnd.pick(pool)] : [])]);
      for (const title of picks) {
        const pieceId = pieceIds.get(title);
        if (pieceId === undefined) continue;
        const language: PieceLanguage = instrumental ? 'instrumental' : IRISH.test(title) ? (irishSinger ? 'ga' : 'en') : LATIN.test(title) ? 'la' : 'en';
        const video = videos.length && rnd.chance(0.3) ? rnd.pick(videos) : null;
        rows.push({
          postId,
          position: rows.length,
          ceremony,
          moment,
          pieceId,
          title: '',
          composer: '',
          language,
          clipYoutubeId: video?.youtubeId ?? null,
          clipStart: video ? rnd.int(0, video.duration - 30) : null,
        });
      }
    }
  }
  return rows;
}

/** A seeded video's length in seconds, from its own generator: 3 to 7 minutes. */
export const seedVideoLength = (postId: number, n: number) => new Random(postId * 31 + n).int(180, 420);
