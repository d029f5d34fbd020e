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

/**
 * A category's Irish name, the short form of the category menu (the English `name_abbrev`) and its description
 * (the parent groups have none: no page shows one).
 */
export interface IrishCategoryName {
  name: string;
  abbrev: string;
  description?: string;
}

/** The seeded categories of every site and the cliste parent groups, by slug. */
export const CATEGORY_NAMES_GA: Readonly<Record<string, IrishCategoryName>> = {
  // church and multi
  'female-singers': { name: 'Amhránaithe Mná', abbrev: 'Mná', description: 'Sopránaigh agus mezzo-sopránaigh do shearmanais phósta eaglaise agus shibhialta.' },
  'male-singers': { name: 'Amhránaithe Fir', abbrev: 'Fir', description: 'Teanóirí agus baratóin do shearmanais, d\'fháiltithe agus do sheirbhísí cuimhneacháin.' },
  'singer-pianists': { name: 'Amhránaithe-Pianódóirí', abbrev: 'Amhránaí-Pianódóir', description: 'Amhránaithe a thionlacann iad féin ar an bpianó nó ar an orgán.' },
  'string-quartets': { name: 'Ceathairéid Téad', abbrev: 'Téada', description: 'Ceathairéid, tríréid agus díséid téad do shearmanais agus d\'fháiltithe.' },
  harpists: { name: 'Cláirseoirí', abbrev: 'Cláirseach', description: 'Cláirseoirí ceolchoirme agus cláirseoirí Gaelacha don searmanas agus don fháiltiú.' },
  choirs: { name: 'Cóir', abbrev: 'Cór', description: 'Cóir shoiscéil, cóir sheomra agus cóir eaglaise do phóstaí agus d\'Aifrinn speisialta.' },
  flautists: { name: 'Fliúiteadóirí', abbrev: 'Fliúit', description: 'Fliúiteadóirí aonair agus díséid fliúite is cláirsí nó fliúite is giotáir.' },
  'instrumental-groups': { name: 'Grúpaí Uirlise', abbrev: 'Grúpaí', description: 'Tríréid thraidisiúnta, buíonta práis agus grúpaí uirlise measctha.' },
  organists: { name: 'Orgánaithe', abbrev: 'Orgán', description: 'Orgánaithe eaglaise d\'Aifrinn phósta, do bheannachtaí agus do shochraidí.' },
  violinists: { name: 'Veidhleadóirí', abbrev: 'Veidhlín', description: 'Veidhleadóirí aonair don siúl síos an phasáiste, don síniú agus don fháiltiú.' },
  'uilleann-pipers': { name: 'Píobairí Uilleann', abbrev: 'Píb', description: 'Píobairí uilleann agus seinnteoirí feadóige do shearmanas traidisiúnta Gaelach.' },
  trumpeters: { name: 'Trumpadóirí', abbrev: 'Trumpa', description: 'Fanfaraí trumpa agus píosaí deonacha do theacht isteach agus d\'imeacht mhórthaibhseach.' },
  // cliste
  'school-tours-adventure-centres': { name: 'Ionaid Eachtraíochta', abbrev: 'Eachtraíocht', description: 'Cadhcáil, dreapadóireacht, línte zip agus dúshláin foirne do ghrúpaí scoile.' },
  'school-tours-open-farms': { name: 'Feirmeacha Oscailte', abbrev: 'Feirmeacha', description: 'Feirmeacha oibre agus feirmeacha peataí ina mbuaileann daltaí le hainmhithe agus ina bhfoghlaimíonn siad cá as a dtagann bia.' },
  'school-tours-heritage-sites': { name: 'Láithreacha Oidhreachta', abbrev: 'Oidhreacht', description: 'Caisleáin, láithreacha mainistreacha agus tithe stairiúla le turais scoile treoraithe.' },
  'school-tours-museums': { name: 'Músaeim agus Gailearaithe', abbrev: 'Músaeim', description: 'Músaeim agus gailearaithe le cláir oideachais do gach rang.' },
  'school-tours-wildlife-parks': { name: 'Páirceanna Fiadhúlra', abbrev: 'Fiadhúlra', description: 'Zúnna, páirceanna fiadhúlra, uisceadáin agus tearmainn éan.' },
  'school-tours-outdoor-education': { name: 'Oideachas Lasmuigh', abbrev: 'Lasmuigh', description: 'Turais allamuigh, treodóireacht, siúlóidí sléibhe agus cosáin dúlra le treoraithe cáilithe.' },
  'school-tours-theatre': { name: 'Turais Amharclainne agus Pictiúrlainne', abbrev: 'Amharclann', description: 'Léirithe do scoileanna de théacsanna ainmnithe, léirithe iarnóna agus laethanta oideachais pictiúrlainne.' },
  'school-tours-science-centres': { name: 'Ionaid Eolaíochta', abbrev: 'Eolaíocht', description: 'Ionaid eolaíochta idirghníomhacha, réadlanna agus pláinéadlanna.' },
  'school-tours-activity-days': { name: 'Laethanta Fóillíochta agus Gníomhaíochta', abbrev: 'Gníomhaíocht', description: 'Babhláil, páirceanna trampailín, pitseáil is putáil agus laethanta amuigh ag deireadh na bliana.' },
  'school-workshops-stem': { name: 'Ceardlanna STEM', abbrev: 'STEM', description: 'Ceardlanna praiticiúla eolaíochta, innealtóireachta agus matamaitice i do sheomra ranga.' },
  'school-workshops-coding': { name: 'Códú agus Róbataic', abbrev: 'Códú', description: 'Ceardlanna Scratch, Python, micro:bit agus róbataice don bhunscoil agus don mheánscoil.' },
  'school-workshops-history': { name: 'Ceardlanna Staire', abbrev: 'Stair', description: 'Stair bheo, seandálaíocht agus seisiúin staire áitiúla.' },
  'school-workshops-gaeilge': { name: 'Ceardlanna Gaeilge', abbrev: 'Gaeilge', description: 'Cluichí, amhráin agus drámaíocht trí Ghaeilge.' },
  'school-workshops-environment': { name: 'Ceardlanna Comhshaoil', abbrev: 'Comhshaol', description: 'Ceardlanna bithéagsúlachta, gníomhaíochta ar son na haeráide agus Scoileanna Glasa.' },
  'school-workshops-speakers': { name: 'Aoichainteoirí', abbrev: 'Cainteoirí', description: 'Údair, lúthchleasaithe, eolaithe agus cainteoirí gairme do thionóil agus don Idirbhliain.' },
  'school-workshops-drama': { name: 'Ceardlanna Drámaíochta', abbrev: 'Drámaíocht', description: 'Cluichí drámaíochta, cumadh agus ceardlanna léirithe.' },
  'school-workshops-music': { name: 'Ceardlanna Ceoil', abbrev: 'Ceol', description: 'Ceardlanna samba, ceoil thraidisiúnta, cumadóireachta amhrán agus cnaguirlisí.' },
  'school-workshops-art': { name: 'Ceardlanna Ealaíne', abbrev: 'Ealaín', description: 'Ceardlanna péinteála, cré, priontála agus múrmhaisithe.' },
  'school-workshops-dance': { name: 'Ceardlanna Damhsa', abbrev: 'Damhsa', description: 'Ceardlanna rince Gaelaigh, hip-hop agus rince comhaimseartha.' },
  'school-workshops-creative-writing': { name: 'Scríbhneoireacht Chruthaitheach', abbrev: 'Scríbhneoireacht', description: 'Filíocht, scríobh scéalta agus déanamh greannán le scríbhneoirí foilsithe.' },
  'school-workshops-yoga': { name: 'Ióga do Scoileanna', abbrev: 'Ióga', description: 'Ranganna ióga agus gluaiseachta curtha in oiriúint do gach aois.' },
  'school-workshops-mindfulness': { name: 'Aireachas', abbrev: 'Aireachas', description: 'Ceardlanna aireachais, athléimneachta agus struis scrúduithe.' },
  'school-workshops-nutrition': { name: 'Cothú agus Cócaireacht', abbrev: 'Cothú', description: 'Cainteanna ar ithe sláintiúil agus taispeántais phraiticiúla chócaireachta.' },
  'school-workshops-sport': { name: 'Spórt agus Aclaíocht', abbrev: 'Spórt', description: 'Traenáil ilspóirt, ciorcaid aclaíochta agus seachtainí scoile gníomhacha.' },
  'school-workshops-first-aid': { name: 'Garchabhair', abbrev: 'Garchabhair', description: 'Oiliúint i ngarchabhair, in CPR agus i sábháilteacht uisce do dhaltaí.' },
  'school-workshops-wellbeing-talks': { name: 'Cainteanna Folláine', abbrev: 'Folláine', description: 'Cainteanna ar shábháilteacht ar líne, ar fhrithbhulaíocht agus ar mheabhairshláinte dhearfach.' },
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
