import type { Site } from '@directory/domain';
import { IconName } from './icons';

export interface CategorySeed {
  id: number;
  name: string;
  nameAbbrev: string;
  slug: string;
  description: string;
  icon: IconName;
  isPrimary: boolean;
  /** Relative share of seeded posts. */
  weight: number;
}

const church: CategorySeed[] = [
  { id: 1, name: 'Female Singers', nameAbbrev: 'Female', slug: 'female-singers', description: 'Sopranos and mezzo-sopranos for church and civil wedding ceremonies.', icon: 'mic', isPrimary: true, weight: 9 },
  { id: 2, name: 'Male Singers', nameAbbrev: 'Male', slug: 'male-singers', description: 'Tenors and baritones for ceremonies, receptions and memorial services.', icon: 'mic', isPrimary: true, weight: 5 },
  { id: 3, name: 'Singer-Pianists', nameAbbrev: 'Singer-Pianist', slug: 'singer-pianists', description: 'Singers who accompany themselves on piano or organ.', icon: 'note', isPrimary: true, weight: 4 },
  { id: 4, name: 'String Quartets', nameAbbrev: 'Strings', slug: 'string-quartets', description: 'String quartets, trios and duos for ceremonies and drinks receptions.', icon: 'note', isPrimary: true, weight: 3 },
  { id: 5, name: 'Harpists', nameAbbrev: 'Harp', slug: 'harpists', description: 'Concert and Irish harpists for the ceremony and the drinks reception.', icon: 'note', isPrimary: true, weight: 3 },
  { id: 6, name: 'Choirs', nameAbbrev: 'Choir', slug: 'choirs', description: 'Gospel, chamber and church choirs for weddings and special Masses.', icon: 'people', isPrimary: true, weight: 2 },
  { id: 7, name: 'Flautists', nameAbbrev: 'Flute', slug: 'flautists', description: 'Flute soloists and flute-and-harp or flute-and-guitar duos.', icon: 'note', isPrimary: false, weight: 1 },
  { id: 8, name: 'Instrumental Groups', nameAbbrev: 'Groups', slug: 'instrumental-groups', description: 'Trad trios, brass ensembles and mixed instrumental groups.', icon: 'people', isPrimary: false, weight: 2 },
  { id: 9, name: 'Organists', nameAbbrev: 'Organ', slug: 'organists', description: 'Church organists for wedding Masses, blessings and funerals.', icon: 'note', isPrimary: false, weight: 2 },
  { id: 10, name: 'Violinists', nameAbbrev: 'Violin', slug: 'violinists', description: 'Solo violinists for the aisle, the signing and the reception.', icon: 'note', isPrimary: false, weight: 2 },
  { id: 11, name: 'Uilleann Pipers', nameAbbrev: 'Pipes', slug: 'uilleann-pipers', description: 'Uilleann pipers and whistle players for a traditional Irish ceremony.', icon: 'note', isPrimary: false, weight: 1 },
  { id: 12, name: 'Trumpeters', nameAbbrev: 'Trumpet', slug: 'trumpeters', description: 'Trumpet fanfares and voluntaries for grand entrances and exits.', icon: 'note', isPrimary: false, weight: 1 },
];

const cliste: CategorySeed[] = [
  { id: 1, name: 'Adventure Centres', nameAbbrev: 'Adventure', slug: 'school-tours-adventure-centres', description: 'Kayaking, climbing, zip lines and team challenges for school groups.', icon: 'tree', isPrimary: true, weight: 8 },
  { id: 2, name: 'Open Farms', nameAbbrev: 'Farms', slug: 'school-tours-open-farms', description: 'Working and pet farms where pupils meet animals and learn where food comes from.', icon: 'tree', isPrimary: true, weight: 6 },
  { id: 3, name: 'Heritage Sites', nameAbbrev: 'Heritage', slug: 'school-tours-heritage-sites', description: 'Castles, monastic sites and historic houses with guided school tours.', icon: 'castle', isPrimary: true, weight: 6 },
  { id: 4, name: 'Museums & Galleries', nameAbbrev: 'Museums', slug: 'school-tours-museums', description: 'Museums and galleries with education programmes for every class.', icon: 'book', isPrimary: true, weight: 4 },
  { id: 5, name: 'Wildlife Parks', nameAbbrev: 'Wildlife', slug: 'school-tours-wildlife-parks', description: 'Zoos, wildlife parks, aquariums and bird sanctuaries.', icon: 'tree', isPrimary: true, weight: 4 },
  { id: 6, name: 'Outdoor Education', nameAbbrev: 'Outdoors', slug: 'school-tours-outdoor-education', description: 'Field trips, orienteering, hill walks and nature trails with qualified guides.', icon: 'tree', isPrimary: true, weight: 4 },
  { id: 7, name: 'Theatre & Cinema Trips', nameAbbrev: 'Theatre', slug: 'school-tours-theatre', description: 'Schools performances of set texts, matinées and cinema education days.', icon: 'people', isPrimary: false, weight: 2 },
  { id: 8, name: 'Science Centres', nameAbbrev: 'Science', slug: 'school-tours-science-centres', description: 'Interactive science centres, observatories and planetariums.', icon: 'flask', isPrimary: true, weight: 3 },
  { id: 9, name: 'Leisure & Activity Days', nameAbbrev: 'Activity', slug: 'school-tours-activity-days', description: 'Bowling, trampoline parks, pitch and putt and end-of-year days out.', icon: 'bus', isPrimary: false, weight: 4 },
  { id: 10, name: 'STEM Workshops', nameAbbrev: 'STEM', slug: 'school-workshops-stem', description: 'Hands-on science, engineering and maths workshops in your classroom.', icon: 'flask', isPrimary: true, weight: 5 },
  { id: 11, name: 'Coding & Robotics', nameAbbrev: 'Coding', slug: 'school-workshops-coding', description: 'Scratch, Python, micro:bit and robotics workshops for primary and secondary.', icon: 'flask', isPrimary: false, weight: 3 },
  { id: 12, name: 'History Workshops', nameAbbrev: 'History', slug: 'school-workshops-history', description: 'Living history, archaeology and local history sessions.', icon: 'castle', isPrimary: false, weight: 3 },
  { id: 13, name: 'Gaeilge Workshops', nameAbbrev: 'Gaeilge', slug: 'school-workshops-gaeilge', description: 'Irish-language games, songs and drama as Gaeilge.', icon: 'book', isPrimary: false, weight: 2 },
  { id: 14, name: 'Environmental Workshops', nameAbbrev: 'Environment', slug: 'school-workshops-environment', description: 'Biodiversity, climate action and Green-Schools workshops.', icon: 'tree', isPrimary: false, weight: 3 },
  { id: 15, name: 'Guest Speakers', nameAbbrev: 'Speakers', slug: 'school-workshops-speakers', description: 'Authors, athletes, scientists and career speakers for assemblies and TY.', icon: 'mic', isPrimary: true, weight: 4 },
  // Artistic activities: ids 16-20.
  { id: 16, name: 'Drama Workshops', nameAbbrev: 'Drama', slug: 'school-workshops-drama', description: 'Drama games, devising and performance workshops.', icon: 'people', isPrimary: false, weight: 3 },
  { id: 17, name: 'Music Workshops', nameAbbrev: 'Music', slug: 'school-workshops-music', description: 'Samba, trad, songwriting and percussion workshops.', icon: 'note', isPrimary: false, weight: 3 },
  { id: 18, name: 'Art Workshops', nameAbbrev: 'Art', slug: 'school-workshops-art', description: 'Painting, clay, print-making and mural workshops.', icon: 'palette', isPrimary: false, weight: 3 },
  { id: 19, name: 'Dance Workshops', nameAbbrev: 'Dance', slug: 'school-workshops-dance', description: 'Irish, hip-hop and contemporary dance workshops.', icon: 'people', isPrimary: false, weight: 2 },
  { id: 20, name: 'Creative Writing', nameAbbrev: 'Writing', slug: 'school-workshops-creative-writing', description: 'Poetry, story-writing and comic-making with published writers.', icon: 'book', isPrimary: false, weight: 2 },
  // Health and wellbeing: ids above 20.
  { id: 21, name: 'Yoga for Schools', nameAbbrev: 'Yoga', slug: 'school-workshops-yoga', description: 'Yoga and movement classes adapted for every age.', icon: 'heart', isPrimary: false, weight: 2 },
  { id: 22, name: 'Mindfulness', nameAbbrev: 'Mindfulness', slug: 'school-workshops-mindfulness', description: 'Mindfulness, resilience and exam-stress workshops.', icon: 'heart', isPrimary: false, weight: 2 },
  { id: 23, name: 'Nutrition & Cookery', nameAbbrev: 'Nutrition', slug: 'school-workshops-nutrition', description: 'Healthy eating talks and hands-on cookery demonstrations.', icon: 'heart', isPrimary: false, weight: 2 },
  { id: 24, name: 'Sport & Fitness', nameAbbrev: 'Sport', slug: 'school-workshops-sport', description: 'Multi-sport coaching, fitness circuits and active-school weeks.', icon: 'people', isPrimary: false, weight: 3 },
  { id: 25, name: 'First Aid', nameAbbrev: 'First Aid', slug: 'school-workshops-first-aid', description: 'First aid, CPR and water-safety training for students.', icon: 'heart', isPrimary: false, weight: 1 },
  { id: 26, name: 'Wellbeing Talks', nameAbbrev: 'Wellbeing', slug: 'school-workshops-wellbeing-talks', description: 'Talks on online safety, anti-bullying and positive mental health.', icon: 'mic', isPrimary: false, weight: 2 },
];

/** The multi-user site lists musicians, like church. */
export const CATEGORY_SEEDS: Record<Site, CategorySeed[]> = { church, cliste, multi: church };
