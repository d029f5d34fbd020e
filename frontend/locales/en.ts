/**
 * The English catalogue: every visible text of the converted pages, keyed `<namespace>.<name>`, in ICU MessageFormat
 * (https://lingui.dev/guides/message-format). The spec's texts are copied exactly. The Irish catalogue (ga.ts) has
 * the same keys; docs/i18n.md says how to add one. This module is read by the server only: a page's browser
 * JavaScript receives the compiled texts of its own namespaces, in its language, with the page (pages/+config.ts).
 *
 * Namespaces: `layout` (header, footer, mobile bar: every page), `site.<site>` (what differs between the site
 * variants: every page of that site), `listing` (the listing pages, home included), `cards` (a profile's card, on
 * the listing pages and /about), `counties` (/counties), `categories` (/categories), `about` (/about), `error` (the 404 and error page),
 * `password` (the forms that choose a new password).
 */
const en = {
  'layout.skipToContent': 'Skip to content',
  'layout.mainNav': 'Main',
  'layout.categories': 'Categories',
  'layout.counties': 'Counties',
  'layout.blog': 'Blog',
  'layout.controlPanel': 'Control panel',
  'layout.signIn': 'Sign in',
  'layout.signOut': 'Sign out',
  'layout.joinFree': 'Join FREE!',
  'layout.about': 'About',
  'layout.contact': 'Contact',
  'layout.pricing': 'Pricing',
  'layout.terms': 'Terms',
  'layout.privacy': 'Privacy',
  'layout.mobileNav': 'Mobile',
  'layout.explore': 'Explore',
  'layout.menu': 'Menu',
  /** The language switch: the other language, named in itself. */
  'layout.otherLanguage': 'Gaeilge',
  /** The page title: the site name, a trademark sign and a bar, then the page's own title. */
  'layout.pageTitle': '{siteName}™ | {title}',

  'site.church.tagline': 'Church & Wedding Musicians in Ireland',
  /** Under the home page's heading. */
  'site.church.choose': 'Choose from {total} church and wedding musicians across Ireland',
  'site.church.joinBlurb': 'Are you a musician? Join FREE and be found by couples looking for wedding music services.',
  'site.church.description': 'Find singers, harpists, choirs, string quartets and more for your church or civil wedding ceremony in Ireland.',
  'site.church.listerType': 'musician',
  /** Who lists on the site, as the page descriptions name them. */
  'site.church.listers': 'church and wedding musicians',
  /** The founder's words are about the church directory: the church site's home only. */
  'site.church.testimonial': '“I started this directory in 2008 so couples could hear a musician before they book. Every profile here lets you listen, compare and contact the musician directly.”',
  'site.church.founder': 'Founder, {siteName}',
  'site.cliste.tagline': 'School Tours & Workshops in Ireland',
  /** Under the home page's heading. */
  'site.cliste.choose': 'Choose from {total} school tours, workshops and speakers across Ireland',
  'site.cliste.joinBlurb': 'Run school tours, workshops or talks? Join FREE and be found by schools, teachers and TY coordinators.',
  'site.cliste.description': 'Find school tours, trips, workshops, educational activities and speakers for primary and secondary schools in Ireland.',
  'site.cliste.listerType': 'school tour or workshop provider',
  'site.cliste.listers': 'school tour and workshop providers',
  'site.cliste.turas': 'Turas Cliste!',
  'site.multi.tagline': 'Church & Wedding Musicians in Ireland',
  /** Under the home page's heading. */
  'site.multi.choose': 'Choose from {total} church and wedding musicians across Ireland',
  'site.multi.joinBlurb': 'Are you a musician? Join FREE and be found by couples looking for wedding music services.',
  'site.multi.description': 'Find singers, harpists, choirs, string quartets and more for your church or civil wedding ceremony in Ireland.',
  'site.multi.listerType': 'musician',
  'site.multi.listers': 'musicians',

  /** After the number of profiles, which the page shows on its own: "{count} Profiles now". */
  'listing.profilesNow': 'Profiles now',
  'listing.category': 'Category',
  'listing.county': 'County',
  'listing.all': 'All',
  'listing.allCounties': 'All counties',
  'listing.price': 'Price',
  'listing.refineByCounty': 'Refine by county',
  'listing.refineByCategory': 'Refine by category',
  'listing.refinePlaceholder': 'Refine your search...',
  'listing.noCounty': 'No results - please try a different county!',
  'listing.noPrice': 'No results - please try a different price!',
  'listing.singlePrice': 'For your selection, all items listed: {description}',
  'listing.loadMore': 'Load more profiles',
  'listing.loadingProfiles': 'Loading profiles',
  'listing.loadingMap': 'Loading the map',
  'listing.searchBy': 'Search by',
  'listing.profiles': 'Profiles',
  'listing.showing': 'Showing {shown} of {total}',
  'listing.loadFailed': 'Those profiles could not be loaded. Please try again.',
  'cards.video': 'Video',
  /** A card's from-price. */
  'cards.from': 'From {amount}',
  'cards.onRequest': 'Price on request',
  'listing.showMap': 'Show map',
  'listing.close': 'Close',
  'listing.parentCategories': '{parent} categories',
  'listing.countyDialog': 'County: {selection}',
  'listing.categoryDialog': 'Category: {selection}',
  'listing.clearCounty': 'Clear county',
  'listing.clearCategory': 'Clear category',
  'listing.clearPrice': 'Clear price',
  /** A category in a county: "Harpists in Cork". */
  'listing.inCounty': '{what} in {county}',
  /** A county's own listing: "Cork Church Musicians". */
  'listing.countyTitle': '{county} {shortSiteName}',
  'listing.titleYear': '{heading} {year}',
  'listing.description': '{title}: {count, plural, one {{count} profile} other {{count} profiles}} on {siteName} in {year}. Compare, listen and send an enquiry directly.',

  'counties.title': 'Counties',
  'counties.anIrishCounty': 'An Irish county',
  'counties.profileCount': '{count, plural, one {{count} profile} other {{count} profiles}}',
  'counties.pageTitle': 'Counties of Ireland {year}',
  'counties.description': 'Find {listers} near you: all 32 counties of Ireland on {siteName}, each with its number of profiles.',

  'categories.title': 'Categories',
  'categories.pageTitle': 'All Categories {year}',
  'categories.description': 'Browse {listers} on {siteName} by category: every category with a short description and the number of profiles it lists.',
  'categories.profileCount': '{count, plural, one {{count} profile} other {{count} profiles}}',
  'categories.view': 'View',
  'categories.viewCategory': 'View {name}',

  'about.title': 'About',
  'about.heading': 'About {siteName}',
  'about.description': 'How {siteName} began in 2008 and grew to list {listers} across Ireland: our story, numbers, featured profiles and guides.',
  'about.ourStory': 'Our story',
  'about.whenFounded': 'August 2008',
  'about.whatFounded': 'The directory is founded.',
  'about.whenFifty': 'September 2010',
  'about.whatFifty': '50+ musicians listed.',
  'about.whenHundred': 'February 2019',
  'about.whatHundred': '120+ musicians listed.',
  'about.whenRebuild': 'September 2025',
  'about.whatRebuild': 'A complete rebuild, fast on every phone.',
  'about.inNumbers': 'In numbers ({year})',
  'about.schoolLocations': 'school locations',
  'about.musicians': 'church musicians',
  'about.payingUsers': 'paying members',
  'about.pageViews': 'page views',
  'about.visitors': 'unique visitors',
  'about.enquiries': 'enquiries',
  'about.featured': 'Featured',
  'about.fromTheBlog': 'From the blog',

  'error.notFound': '404 Not Found',
  'error.notFoundText': 'That page does not exist. Try the {directory} or browse by {county}.',
  'error.fullDirectory': 'full directory',
  'error.county': 'county',
  'error.title': 'Something went wrong',
  'error.tryAgain': 'Please try again in a moment.',
  'error.pageTitle': 'Error',
  'error.notFoundDescription': 'That page is not on {siteName}. Browse {listers} by category or county, or start from the full directory.',
  'error.description': '{siteName} could not show this page just now. Please try again in a moment.',

  'billing.trial': 'Free trial until {date}, then {price} {interval, select, yearly {a year} other {a month}}',
  'billing.trialCancelled': 'Free trial until {date}, cancelled: nothing will be charged',
  'billing.active': '{price} {interval, select, yearly {a year} other {a month}}, next payment on {date}',
  'billing.cancelled': '{price} {interval, select, yearly {a year} other {a month}}, cancelled: ends on {date}',
  'billing.pastDue': '{price} {interval, select, yearly {a year} other {a month}}: your last payment did not go through, please update your card',
  'billing.other': '{price} {interval, select, yearly {a year} other {a month}}: {status}',
  'billing.ended': 'Ended on {date}',

  'billing.refundByAdmin': 'The 30-day refund covers your first payment only. For a refund of this subscription, our team decides: ask them here and they will reply by email.',
  'billing.askTeam': 'Ask our team for a refund',
  'billing.refundRequested': 'You asked for a refund on {date}: our team will reply by email.',
  'enquiry.sent': 'Thank you! Your enquiry has been sent to {title}, who will reply to you directly. We have emailed you a note saying so; it does not repeat your message.',

  /** What a listing's price includes: the profile's block (made on the server with the page's data). */
  'price.heading': "What's included",
  'price.from': 'From {amount}',
  'price.onRequest': 'Price on request',
  'price.included': 'Included',
  'price.inclRehearsal': 'A rehearsal with the couple',
  'price.inclArrival': 'Arrival {quantity} minutes before the ceremony',
  'price.inclCeremony': 'Up to {quantity} minutes in the church',
  'price.inclRequests': 'Pieces learnt on request: {quantity}',
  'price.inclPa': 'Own PA system',
  'price.inclSession': 'A session of {quantity} minutes',
  'price.inclPupils': 'Up to {quantity} pupils per session',
  'price.inclMaterials': 'Materials',
  'price.extras': 'Extras',
  'price.perBooking': '{amount}',
  'price.perHalfHour': '{amount} per 30 minutes',
  'price.perHour': '{amount} per hour',
  'price.perMusician': '{amount} per musician',
  'price.perSession': '{amount} per session',
  'price.travel': 'Travel',
  'price.travelFree': 'Free within {km} km, then {rate} per km',
  'price.travelNone': 'No travel charge',
  'price.vatIncluded': 'Prices include VAT',
  'price.vatExcluded': 'VAT is added to these prices',
  'price.deposit': 'Deposit: {amount}',
  'price.confirmed': 'Prices confirmed by the lister on {date}',

  /** Under a new password the API refused as one of the most common (sign-up, reset, control panel). */
  'password.common': 'That password is one of the most common ones. Please choose a password that is harder to guess.',
} as const;

export default en;

/** The key of a text. */
export type MessageId = keyof typeof en;
/** A catalogue: every key, in one language. */
export type Catalogue = Record<MessageId, string>;
