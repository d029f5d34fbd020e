import type { Catalogue } from './en';

/**
 * The Irish catalogue: the keys of en.ts, in Irish (an Caighdeán Oifigiúil, the words of docs/glossary-ga.md). To
 * be reviewed by a native speaker before launch. Counts use the five CLDR forms of Irish: one, two and few lenite
 * the noun ("1 phróifíl", "3 phróifíl"), many (7 to 10) eclipses it ("7 bpróifíl"), other leaves it ("20 próifíl").
 * A county after "i" takes its own form (i gCorcaigh, sa Chlár): those live with the county names in
 * @directory/domain (COUNTY_NAMES_GA).
 */
const ga: Catalogue = {
  'layout.skipToContent': 'Léim chuig an bpríomhábhar',
  'layout.mainNav': 'Príomhroghchlár',
  'layout.categories': 'Catagóirí',
  'layout.counties': 'Contaetha',
  'layout.blog': 'Blag',
  'layout.controlPanel': 'Painéal rialaithe',
  'layout.signIn': 'Sínigh isteach',
  'layout.signOut': 'Sínigh amach',
  'layout.joinFree': 'Cláraigh SAOR IN AISCE!',
  'layout.about': 'Fúinn',
  'layout.contact': 'Teagmháil',
  'layout.pricing': 'Praghsanna',
  'layout.terms': 'Téarmaí',
  'layout.privacy': 'Príobháideachas',
  'layout.copyright': '© {year} {siteName}™',
  'layout.language': 'Teanga',
  'layout.mobileNav': 'Roghchlár soghluaiste',
  'layout.explore': 'Taiscéal',
  'layout.pageTitle': '{siteName}™ | {title}',

  'site.church.tagline': 'Ceoltóirí Eaglaise agus Bainise in Éirinn',
  'site.church.choose': 'Roghnaigh as {total} rogha: ceoltóirí eaglaise agus bainise ar fud na hÉireann',
  'site.church.joinBlurb': 'An ceoltóir thú? Cláraigh SAOR IN AISCE agus aimseoidh lánúineacha atá ag lorg ceoil bainise thú.',
  'site.church.description': 'Aimsigh amhránaithe, cláirseoirí, cóir, ceathairéid téad agus tuilleadh do do shearmanas pósta in Éirinn, san eaglais nó go sibhialta.',
  'site.church.listerType': 'ceoltóir',
  'site.cliste.tagline': 'Turais Scoile agus Ceardlanna in Éirinn',
  'site.cliste.choose': 'Roghnaigh as {total} rogha: turais scoile, ceardlanna agus cainteoirí ar fud na hÉireann',
  'site.cliste.joinBlurb': 'An mbíonn turais scoile, ceardlanna nó cainteanna á reáchtáil agat? Cláraigh SAOR IN AISCE agus aimseoidh scoileanna, múinteoirí agus comhordaitheoirí na hIdirbhliana thú.',
  'site.cliste.description': 'Aimsigh turais scoile, turais lae, ceardlanna, gníomhaíochtaí oideachais agus cainteoirí do bhunscoileanna agus do mheánscoileanna in Éirinn.',
  'site.cliste.listerType': 'soláthraí turas scoile nó ceardlann',
  'site.multi.tagline': 'Ceoltóirí Eaglaise agus Bainise in Éirinn',
  'site.multi.choose': 'Roghnaigh as {total} rogha: ceoltóirí eaglaise agus bainise ar fud na hÉireann',
  'site.multi.joinBlurb': 'An ceoltóir thú? Cláraigh SAOR IN AISCE agus aimseoidh lánúineacha atá ag lorg ceoil bainise thú.',
  'site.multi.description': 'Aimsigh amhránaithe, cláirseoirí, cóir, ceathairéid téad agus tuilleadh do do shearmanas pósta in Éirinn, san eaglais nó go sibhialta.',
  'site.multi.listerType': 'ceoltóir',

  'listing.profilesNow': '{count, plural, one {phróifíl anois} two {phróifíl anois} few {phróifíl anois} many {bpróifíl anois} other {próifíl anois}}',
  'listing.category': 'Catagóir',
  'listing.county': 'Contae',
  'listing.all': 'Uile',
  'listing.allCounties': 'Gach contae',
  'listing.price': 'Praghas',
  'listing.refineByCounty': 'Scag de réir contae',
  'listing.refineByCategory': 'Scag de réir catagóire',
  'listing.refinePlaceholder': 'Scag do chuardach...',
  'listing.noCounty': 'Níl aon toradh ann - bain triail as contae eile!',
  'listing.noPrice': 'Níl aon toradh ann - bain triail as praghas eile!',
  'listing.singlePrice': 'Do do rogha, gach a bhfuil liostaithe: {description}',
  'listing.turasCliste': 'Turas Cliste!',
  'listing.loadMore': 'Lódáil tuilleadh próifílí',
  'listing.loadingProfiles': 'Próifílí á lódáil',
  'listing.loadingMap': 'An léarscáil á lódáil',
  'listing.searchBy': 'Cuardaigh de réir',
  'listing.profiles': 'Próifílí',
  'listing.showing': '{shown} as {total} á dtaispeáint',
  'listing.loadFailed': 'Níorbh fhéidir na próifílí sin a lódáil. Bain triail eile as.',
  'cards.video': 'Físeán',
  'listing.showMap': 'Taispeáin an léarscáil',
  'listing.close': 'Dún',
  'listing.parentCategories': 'Catagóirí: {parent}',
  'listing.dialogTitle': '{what}: {selection}',
  'listing.clearCounty': 'Glan an contae',
  'listing.clearCategory': 'Glan an chatagóir',
  'listing.clearPrice': 'Glan an praghas',
  // The county after "i" in its own form, from COUNTY_NAMES_GA: "Cláirseoirí i gCorcaigh".
  'listing.inCounty': '{what} {countyIn}',
  'listing.countyTitle': '{shortSiteName}: {county}',
  'listing.titleYear': '{heading} {year}',
  'listing.description': '{title}: {count, plural, one {{count} phróifíl} two {{count} phróifíl} few {{count} phróifíl} many {{count} bpróifíl} other {{count} próifíl}} ar {siteName} sa bhliain {year}. Déan comparáid, éist agus seol fiosrúchán go díreach.',
  'listing.testimonial': '“Chuir mé tús leis an eolaire seo sa bhliain 2008 ionas go bhféadfadh lánúineacha ceoltóir a chloisteáil sula gcuireann siad in áirithe é. Ar gach próifíl anseo is féidir éisteacht, comparáid a dhéanamh agus dul i dteagmháil leis an gceoltóir go díreach.”',
  'listing.founder': 'Bunaitheoir, {siteName}',
};

export default ga;
