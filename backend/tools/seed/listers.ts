import type { CategorySeed } from './categories';
import { Random } from './random';

/** What a generated lister needs to be written up: a title and a content paragraph. */
export interface ListerText {
  title: string;
  content: string;
  /** The name used for the audio track URL, when the lister has one. */
  audioArtist: string;
}

const FEMALE = ['Aoife', 'Siobhán', 'Niamh', 'Ciara', 'Saoirse', 'Orla', 'Róisín', 'Caoimhe', 'Sinéad', 'Áine', 'Clodagh', 'Méabh', 'Gráinne', 'Eimear', 'Deirdre', 'Sorcha', 'Emma', 'Sarah', 'Laura', 'Rachel', 'Katie', 'Louise', 'Fiona', 'Úna'];
const MALE = ['Seán', 'Cian', 'Oisín', 'Darragh', 'Eoin', 'Colm', 'Pádraig', 'Ciarán', 'Dónal', 'Fionn', 'Ronan', 'Cathal', 'Diarmuid', 'Tadhg', 'Conor', 'Liam', 'Declan', 'Brendan', 'Kevin', 'Michael', 'David', 'Niall'];
const SURNAMES = ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Smith', "O'Brien", 'Byrne', 'Ryan', "O'Connor", "O'Neill", 'Reilly', 'Doyle', 'McCarthy', 'Gallagher', 'Doherty', 'Kennedy', 'Lynch', 'Murray', 'Quinn', 'Moore', 'McLoughlin', 'Carroll', 'Connolly', 'Daly', 'Connell', 'Brennan', 'Burke', 'Collins', 'Campbell', 'Clarke', 'Fitzgerald', 'Healy', 'Nolan', 'Whelan', 'Power', 'Hennessy', 'Flanagan', 'Keane', 'Molloy', 'Ní Bhriain', 'Mac Giolla', 'Ó Súilleabháin'];
const ENSEMBLE_WORDS = ['Emerald', 'Shannon', 'Liffey', 'Claddagh', 'Corrib', 'Atlantic', 'Harbour', 'Lee', 'Boyne', 'Slaney', 'Burren', 'Wild Atlantic', 'Silver Strand', 'Celtic', 'Evergreen', 'Saint Brigid', 'Cathedral', 'Aran'];
const PIECES = ['Ave Maria (Schubert)', 'Panis Angelicus', 'The Lord\'s Prayer', 'Be Thou My Vision', 'Ag Críost an Síol', 'Canon in D', 'Gabriel\'s Oboe', 'Here Comes the Sun', 'Hallelujah', 'Ave Maria (Caccini)', 'The Wedding March', 'Song of Ruth', 'The Gift of Love', 'Caoineadh Cú Chulainn', 'A Thousand Years', 'The Prayer', 'Pie Jesu', 'Highland Cathedral', 'Morning Has Broken', 'Mo Ghile Mear', 'Amazing Grace', 'Arrival of the Queen of Sheba'];
const CHURCH_EXTRAS = [
  'Happy to meet couples beforehand to plan the running order and learn a special request.',
  'Available for church ceremonies, civil ceremonies, blessings and the drinks reception.',
  'Travels nationwide and brings a portable PA system suited to any church or hotel.',
  'Sings in English, Irish and Latin and works closely with celebrants and organists.',
  'Trained at the Royal Irish Academy of Music and performs regularly with choirs around the country.',
  'Has performed at over two hundred weddings and offers a free consultation call.',
  'Can provide a full ceremony booklet with suggested music for each part of the Mass.',
];

const VOICES: Record<string, readonly string[]> = {
  'female-singers': ['Soprano', 'Mezzo-Soprano', 'Wedding Singer', 'Ceremony Singer'],
  'male-singers': ['Tenor', 'Baritone', 'Wedding Singer'],
  'singer-pianists': ['Singer & Pianist', 'Singer-Pianist', 'Piano & Vocals'],
  harpists: ['Harpist', 'Irish Harp', 'Concert Harpist'],
  flautists: ['Flute', 'Flautist', 'Flute & Whistle'],
  organists: ['Organist', 'Church Organist', 'Organ & Piano'],
  violinists: ['Violinist', 'Solo Violin', 'Violin & Fiddle'],
  'uilleann-pipers': ['Uilleann Pipes', 'Piper', 'Pipes & Whistles'],
  trumpeters: ['Trumpet', 'Trumpeter', 'Trumpet Voluntaries'],
};

/** What the profile text calls the lister, where the title's wording would not read as a noun. */
const ROLES: Record<string, string> = {
  'singer-pianists': 'singer and pianist',
  harpists: 'harpist',
  flautists: 'flautist',
  organists: 'organist',
  violinists: 'violinist',
  'uilleann-pipers': 'uilleann piper',
  trumpeters: 'trumpeter',
};

export function churchLister(rnd: Random, category: CategorySeed, area: string, county: string): ListerText {
  const pieces = rnd.shuffle(PIECES).slice(0, 4);
  const extras = rnd.shuffle(CHURCH_EXTRAS).slice(0, 2).join(' ');
  let title: string;
  let who: string;
  let artist: string;
  if (category.slug === 'string-quartets') {
    artist = `${rnd.pick(ENSEMBLE_WORDS)} ${rnd.pick(['String Quartet', 'Strings', 'String Trio', 'Quartet'])}`;
    title = artist;
    who = `${artist} is a string ensemble`;
  } else if (category.slug === 'choirs') {
    artist = `${rnd.pick([area, rnd.pick(ENSEMBLE_WORDS)])} ${rnd.pick(['Gospel Choir', 'Chamber Choir', 'Wedding Choir', 'Singers', 'Community Choir'])}`;
    title = artist;
    who = `${artist} is a choir`;
  } else if (category.slug === 'instrumental-groups') {
    artist = `The ${rnd.pick(ENSEMBLE_WORDS)} ${rnd.pick(['Ensemble', 'Trad Trio', 'Brass Quintet', 'Players', 'Duo'])}`;
    title = artist;
    who = `${artist} is an instrumental group`;
  } else {
    const first = category.slug === 'female-singers' || (category.slug === 'harpists' && rnd.chance(0.8)) ? rnd.pick(FEMALE) : category.slug === 'male-singers' ? rnd.pick(MALE) : rnd.pick(rnd.chance(0.5) ? FEMALE : MALE);
    artist = `${first} ${rnd.pick(SURNAMES)}`;
    const voice = rnd.pick(VOICES[category.slug] ?? ['Musician']);
    title = `${artist} - ${voice}`;
    const role = ROLES[category.slug] ?? voice.toLowerCase();
    who = `${artist} is ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
  }
  const content =
    `${who} based in ${area}, Co. ${county}, performing at weddings and church ceremonies across Ireland. ` +
    `Favourite pieces include ${pieces.slice(0, 3).join(', ')} and ${pieces[3]}. ${extras}`;
  return { title, content, audioArtist: artist };
}

const VENUE_STYLES: Record<string, readonly string[]> = {
  'school-tours-adventure-centres': ['Adventure Centre', 'Outdoor Pursuits', 'Activity Centre', 'Adventure Park'],
  'school-tours-open-farms': ['Open Farm', 'Pet Farm', 'Farm Park', 'Heritage Farm'],
  'school-tours-heritage-sites': ['Castle', 'Heritage Centre', 'Abbey', 'Historic House'],
  'school-tours-museums': ['Museum', 'County Museum', 'Gallery', 'Folk Museum'],
  'school-tours-wildlife-parks': ['Wildlife Park', 'Bird Sanctuary', 'Aquarium', 'Nature Reserve'],
  'school-tours-outdoor-education': ['Outdoor Education Centre', 'Nature Trails', 'Field Studies Centre', 'Forest School'],
  'school-tours-theatre': ['Theatre', 'Arts Centre', 'Cinema Schools Programme'],
  'school-tours-science-centres': ['Science Centre', 'Observatory', 'Planetarium'],
  'school-tours-activity-days': ['Bowling & Laser Tag', 'Fun Park', 'Leisure Centre', 'Pitch & Putt'],
};
const WORKSHOP_BRANDS = ['Bright Sparks', 'Curious Minds', 'Little Einsteins', 'Fíor', 'Spraoi', 'Meitheal', 'Eureka', 'Spark', 'Seeds of Learning', 'Wild Child', 'Ceol', 'Dream Big', 'Active Minds', 'Scoil Spóirt', 'Young Innovators', 'Glór', 'Blue Sky'];
const WORKSHOP_NOUNS: Record<string, string> = {
  'school-workshops-stem': 'STEM Workshops',
  'school-workshops-coding': 'Coding Club',
  'school-workshops-history': 'History Alive',
  'school-workshops-gaeilge': 'Gaeilge Beo',
  'school-workshops-environment': 'Eco Workshops',
  'school-workshops-speakers': 'Talks',
  'school-workshops-drama': 'Drama',
  'school-workshops-music': 'Music Workshops',
  'school-workshops-art': 'Art Studio',
  'school-workshops-dance': 'Dance',
  'school-workshops-creative-writing': 'Young Writers',
  'school-workshops-yoga': 'Kids Yoga',
  'school-workshops-mindfulness': 'Mindful Schools',
  'school-workshops-nutrition': 'Healthy Eating',
  'school-workshops-sport': 'Sports Academy',
  'school-workshops-first-aid': 'First Aid Training',
  'school-workshops-wellbeing-talks': 'Wellbeing Talks',
};
const CLISTE_EXTRAS = [
  'Suitable for junior infants right through to Transition Year, with programmes linked to the curriculum.',
  'Fully insured, Garda vetted and happy to send a risk assessment in advance.',
  'Group rates for whole-school bookings and a free place for every teacher.',
  'Packed-lunch area and indoor space available whatever the weather.',
  'Sessions run from 45 minutes to a full day and can be tailored to your class.',
  'Wheelchair accessible, with programmes adapted for pupils with additional needs.',
  'Booking early in the school year is recommended for May and June dates.',
];

export function clisteLister(rnd: Random, category: CategorySeed, area: string, county: string): ListerText {
  const isTour = category.slug.startsWith('school-tours-');
  let title: string;
  if (isTour) {
    const place = rnd.chance(0.6) ? area : `${rnd.pick(['Glen', 'Lough', 'Slieve', 'Kil', 'Bally'])}${rnd.pick(['more', 'beg', 'derry', 'nagh', 'cullen', 'roe'])}`;
    title = `${place} ${rnd.pick(VENUE_STYLES[category.slug] ?? ['Tours'])}`;
  } else if (category.slug === 'school-workshops-speakers') {
    title = `${rnd.pick([...FEMALE, ...MALE])} ${rnd.pick(SURNAMES)} - ${rnd.pick(['Author Visits', 'Motivational Speaker', 'Science Communicator', 'Olympian Talks', 'Career Talks'])}`;
  } else {
    title = `${rnd.pick(WORKSHOP_BRANDS)} ${WORKSHOP_NOUNS[category.slug] ?? 'Workshops'}`;
  }
  const what = isTour
    ? `${title} welcomes primary and secondary school tours in ${area}, Co. ${county}.`
    : `${title} brings ${category.name.toLowerCase()} to schools in and around ${area}, Co. ${county}, and travels to schools nationwide.`;
  const content = `${what} ${category.description} ${rnd.shuffle(CLISTE_EXTRAS).slice(0, 2).join(' ')}`;
  return { title, content, audioArtist: title };
}
