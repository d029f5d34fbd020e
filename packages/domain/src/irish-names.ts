import type { PriceText, PriceType } from './posts.js';
import type { Site } from './sites.js';

/*
 * The Irish names of the taxonomy, by slug (Irish pages keep the English slugs: the paths are the same after /ga/).
 * They live here rather than in the database because they are few, fixed by a release rather than by editors, and
 * read by every Irish page (so are the price types' texts, at the end): the 32 counties are the official list (logainm.ie, the Placenames Database of Ireland),
 * and the categories and parent groups are the seeded ones of each site. A category added in the back office shows
 * its English name on Irish pages until its Irish name is added here. To be reviewed by a native speaker before
 * launch, with docs/glossary-ga.md.
 */

/** A county's Irish name, and its form after the preposition "i" ("in"): i gCorcaigh, sa Chlár, in Aontroim. */
export interface IrishCountyName {
  name: string;
  in: string;
}

export const COUNTY_NAMES_GA: Readonly<Record<string, IrishCountyName>> = {
  antrim: { name: 'Aontroim', in: 'in Aontroim' },
  armagh: { name: 'Ard Mhacha', in: 'in Ard Mhacha' },
  carlow: { name: 'Ceatharlach', in: 'i gCeatharlach' },
  cavan: { name: 'An Cabhán', in: 'sa Chabhán' },
  clare: { name: 'An Clár', in: 'sa Chlár' },
  cork: { name: 'Corcaigh', in: 'i gCorcaigh' },
  derry: { name: 'Doire', in: 'i nDoire' },
  donegal: { name: 'Dún na nGall', in: 'i nDún na nGall' },
  down: { name: 'An Dún', in: 'sa Dún' },
  dublin: { name: 'Baile Átha Cliath', in: 'i mBaile Átha Cliath' },
  fermanagh: { name: 'Fear Manach', in: 'i bhFear Manach' },
  galway: { name: 'Gaillimh', in: 'i nGaillimh' },
  kerry: { name: 'Ciarraí', in: 'i gCiarraí' },
  kildare: { name: 'Cill Dara', in: 'i gCill Dara' },
  kilkenny: { name: 'Cill Chainnigh', in: 'i gCill Chainnigh' },
  laois: { name: 'Laois', in: 'i Laois' },
  leitrim: { name: 'Liatroim', in: 'i Liatroim' },
  limerick: { name: 'Luimneach', in: 'i Luimneach' },
  longford: { name: 'An Longfort', in: 'sa Longfort' },
  louth: { name: 'Lú', in: 'i Lú' },
  mayo: { name: 'Maigh Eo', in: 'i Maigh Eo' },
  meath: { name: 'An Mhí', in: 'sa Mhí' },
  monaghan: { name: 'Muineachán', in: 'i Muineachán' },
  offaly: { name: 'Uíbh Fhailí', in: 'in Uíbh Fhailí' },
  roscommon: { name: 'Ros Comáin', in: 'i Ros Comáin' },
  sligo: { name: 'Sligeach', in: 'i Sligeach' },
  tipperary: { name: 'Tiobraid Árann', in: 'i dTiobraid Árann' },
  tyrone: { name: 'Tír Eoghain', in: 'i dTír Eoghain' },
  waterford: { name: 'Port Láirge', in: 'i bPort Láirge' },
  westmeath: { name: 'An Iarmhí', in: 'san Iarmhí' },
  wexford: { name: 'Loch Garman', in: 'i Loch Garman' },
  wicklow: { name: 'Cill Mhantáin', in: 'i gCill Mhantáin' },
};

/** A category's Irish name and the short form of the category menu (the English `name_abbrev`). */
export interface IrishCategoryName {
  name: string;
  abbrev: string;
}

/** The seeded categories of every site and the cliste parent groups, by slug. */
export const CATEGORY_NAMES_GA: Readonly<Record<string, IrishCategoryName>> = {
  // church and multi
  'female-singers': { name: 'Amhránaithe Mná', abbrev: 'Mná' },
  'male-singers': { name: 'Amhránaithe Fir', abbrev: 'Fir' },
  'singer-pianists': { name: 'Amhránaithe-Pianódóirí', abbrev: 'Amhránaí-Pianódóir' },
  'string-quartets': { name: 'Ceathairéid Téad', abbrev: 'Téada' },
  harpists: { name: 'Cláirseoirí', abbrev: 'Cláirseach' },
  choirs: { name: 'Cóir', abbrev: 'Cór' },
  flautists: { name: 'Fliúiteadóirí', abbrev: 'Fliúit' },
  'instrumental-groups': { name: 'Grúpaí Uirlise', abbrev: 'Grúpaí' },
  organists: { name: 'Orgánaithe', abbrev: 'Orgán' },
  violinists: { name: 'Veidhleadóirí', abbrev: 'Veidhlín' },
  'uilleann-pipers': { name: 'Píobairí Uilleann', abbrev: 'Píb' },
  trumpeters: { name: 'Trumpadóirí', abbrev: 'Trumpa' },
  // cliste
  'school-tours-adventure-centres': { name: 'Ionaid Eachtraíochta', abbrev: 'Eachtraíocht' },
  'school-tours-open-farms': { name: 'Feirmeacha Oscailte', abbrev: 'Feirmeacha' },
  'school-tours-heritage-sites': { name: 'Láithreacha Oidhreachta', abbrev: 'Oidhreacht' },
  'school-tours-museums': { name: 'Músaeim agus Gailearaithe', abbrev: 'Músaeim' },
  'school-tours-wildlife-parks': { name: 'Páirceanna Fiadhúlra', abbrev: 'Fiadhúlra' },
  'school-tours-outdoor-education': { name: 'Oideachas Lasmuigh', abbrev: 'Lasmuigh' },
  'school-tours-theatre': { name: 'Turais Amharclainne agus Pictiúrlainne', abbrev: 'Amharclann' },
  'school-tours-science-centres': { name: 'Ionaid Eolaíochta', abbrev: 'Eolaíocht' },
  'school-tours-activity-days': { name: 'Laethanta Fóillíochta agus Gníomhaíochta', abbrev: 'Gníomhaíocht' },
  'school-workshops-stem': { name: 'Ceardlanna STEM', abbrev: 'STEM' },
  'school-workshops-coding': { name: 'Códú agus Róbataic', abbrev: 'Códú' },
  'school-workshops-history': { name: 'Ceardlanna Staire', abbrev: 'Stair' },
  'school-workshops-gaeilge': { name: 'Ceardlanna Gaeilge', abbrev: 'Gaeilge' },
  'school-workshops-environment': { name: 'Ceardlanna Comhshaoil', abbrev: 'Comhshaol' },
  'school-workshops-speakers': { name: 'Aoichainteoirí', abbrev: 'Cainteoirí' },
  'school-workshops-drama': { name: 'Ceardlanna Drámaíochta', abbrev: 'Drámaíocht' },
  'school-workshops-music': { name: 'Ceardlanna Ceoil', abbrev: 'Ceol' },
  'school-workshops-art': { name: 'Ceardlanna Ealaíne', abbrev: 'Ealaín' },
  'school-workshops-dance': { name: 'Ceardlanna Damhsa', abbrev: 'Damhsa' },
  'school-workshops-creative-writing': { name: 'Scríbhneoireacht Chruthaitheach', abbrev: 'Scríbhneoireacht' },
  'school-workshops-yoga': { name: 'Ióga do Scoileanna', abbrev: 'Ióga' },
  'school-workshops-mindfulness': { name: 'Aireachas', abbrev: 'Aireachas' },
  'school-workshops-nutrition': { name: 'Cothú agus Cócaireacht', abbrev: 'Cothú' },
  'school-workshops-sport': { name: 'Spórt agus Aclaíocht', abbrev: 'Spórt' },
  'school-workshops-first-aid': { name: 'Garchabhair', abbrev: 'Garchabhair' },
  'school-workshops-wellbeing-talks': { name: 'Cainteanna Folláine', abbrev: 'Folláine' },
  // cliste parent groups (SITE_PRESETS.cliste.parentCategories)
  'artistic-activities': { name: 'Gníomhaíochtaí Ealaíne', abbrev: 'Ealaín' },
  'health-wellbeing': { name: 'Sláinte agus Folláine', abbrev: 'Folláine' },
};

/** A county's name on a page in lang ('en' or 'ga'): the Irish name on Irish pages where there is one. */
export const countyNameIn = (lang: string, slug: string, name: string): string => (lang === 'ga' ? (COUNTY_NAMES_GA[slug]?.name ?? name) : name);

const CHURCH_PRICES_GA: Record<PriceType, PriceText> = {
  free: { title: 'Saor in aisce', description: 'Seinneann saor in aisce, mar shampla dá bparóiste féin.' },
  nominal_charge: { title: 'Táille ainmniúil', description: 'Táille mheasartha a chlúdaíonn taisteal agus cleachtadh.' },
  charge: { title: 'Táille', description: 'Táille ghairmiúil: iarr meastachán ar an gceoltóir.' },
};

/** PRICE_TEXT in Irish: each price type's title and description, per site, for the Irish pages. */
export const PRICE_TEXT_GA: Readonly<Record<Site, Record<PriceType, PriceText>>> = {
  church: CHURCH_PRICES_GA,
  cliste: {
    free: { title: 'Saor in aisce', description: 'Gan táille ar scoileanna ná ar dhaltaí.' },
    nominal_charge: { title: 'Táille ainmniúil', description: 'Táille bheag a chlúdaíonn ábhair nó cead isteach.' },
    charge: { title: 'Táille', description: 'Táille in aghaidh an dalta nó an ghrúpa: iarr meastachán.' },
  },
  multi: CHURCH_PRICES_GA,
};
