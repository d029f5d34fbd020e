/** @directory/domain: the directory's words, defined once for the API, the site and the admin app. */
export * from './answers.js';
export * from './crosfhocal.js';
export * from './dates.js';
export * from './errors.js';
export * from './images.js';
export * from './irish-names.js';
export * from './limits.js';
export * from './media-urls.js';
export * from './paths.js';
export * from './places.js';
export * from './plans.js';
export * from './posts.js';
export * from './price-details.js';
export * from './repertoire.js';
export * from './roles.js';
export * from './sites.js';
