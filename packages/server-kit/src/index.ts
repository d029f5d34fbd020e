/** @directory/server-kit: what the API and the site server share as Node servers. */
export * from './settings.js';
export * from './request-log.js';
export * from './ttl-cache.js';
export * from './json-depth.js';
