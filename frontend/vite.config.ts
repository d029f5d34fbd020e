import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import type { Plugin, UserConfig } from 'vite';

/*
 * Vite wraps every dynamic import in its preload helper, also with modulePreload off, where all the helper still has
 * to do is add the stylesheets a lazy chunk imports (Leaflet's, for the map) before running it. Its own code (1.7 KB,
 * 0.6 KB gzipped, with CSP nonce lookup, modulepreload detection and error events nothing here listens to) sat in the
 * client router's entry, on every page; this one does the same job for stylesheets (the page JavaScript budget, docs/performance.md).
 */
const PRELOAD_HELPER = `const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => (seen[dep] ??= new Promise((done) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/' + dep;
      link.onload = link.onerror = done;
      document.head.append(link);
    }))),
  ).then(load);`;

const smallPreloadHelper: Plugin = {
  name: 'directory:small-preload-helper',
  apply: 'build',
  enforce: 'pre',
  load: (id) => (id === '\0vite/preload-helper.js' ? PRELOAD_HELPER : null),
};

/*
 * `import … from './x?server'`: the module in the server build, an empty module in the browser's. For code only the
 * server render needs, whose browser side loads it on demand: an import, even one whose use is dead code in the
 * browser build, would put the module into the importer's chunk.
 */
const SERVER_ONLY = '\0server-only';
const serverOnlyImports: Plugin = {
  name: 'directory:server-only-imports',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.endsWith('?server')) return null;
    if (this.environment.config.consumer === 'client') return SERVER_ONLY;
    return this.resolve(source.slice(0, -'?server'.length), importer, options);
  },
  load: (id) => (id === SERVER_ONLY ? 'export {};' : null),
};

export default {
  plugins: [smallPreloadHelper, serverOnlyImports, react(), vike()],
  build: {
    target: 'es2022',
    // SOURCEMAP=1 writes source maps, to see which modules make up a chunk (docs/performance.md, "JavaScript budget").
    sourcemap: process.env.SOURCEMAP === '1',
    // No preload list per dynamic import: a page's own files are named by its HTML (modulepreload links), and the
    // lists of every page in the client router's entry were 0.6 KB gzipped on every page (the page JavaScript budget, docs/performance.md).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The client router's entry, on every page: React, Vike, the root layout and hooks, and the picture
            // component that every public page but /pricing shows (one file fewer for those).
            {
              name: 'framework',
              test: /^\0rolldown[\\/]runtime|node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]|[\\/]pages[\\/]\+(Layout|guard|lang|onBeforeRoute|onPageTransitionStart|onPageTransitionEnd|onBeforeRenderClient)\.tsx?$|[\\/]components[\\/]Picture\.tsx$|[\\/]lib[\\/]image-sizes\.ts$/,
              priority: 10,
            },
            // What a profile shows before any click, in one file rather than three (profiles, drafts, the editor);
            // without the modules it shares with other pages (Picture), which a listing would otherwise load with it.
            { name: 'profile', test: /[\\/]components[\\/](ProfileView|MobileFooter|EnquiryButton|MediaPlayer)\.tsx$|[\\/]lib[\\/]profile\.ts$/, priority: 5, includeDependenciesRecursively: false },
            // What a listing shows besides its page: the cards and the listing helpers, one file.
            { name: 'cards', test: /[\\/]components[\\/](Card|Icon)\.tsx$|[\\/]lib[\\/]listing\.ts$/, priority: 5, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
} satisfies UserConfig;
