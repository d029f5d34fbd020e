/** Unit and component tests (test/*.spec.ts[x]) and page/browser tests (test/*.e2e-spec.ts) against real servers. */
const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    // Components render in the tests as on the server: Vite's import.meta.env.SSR is true there (lib/copy.ts).
    transform: { react: { runtime: 'automatic' }, optimizer: { globals: { vars: { 'import.meta.env.SSR': 'true' } } } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // vike's runtime and its helpers (@brillout/*), vike-react's hooks and make-plural ship as ES modules: compile what
  // the tests import from them.
  transformIgnorePatterns: ['/node_modules/(?!(vike|vike-react|@brillout|make-plural)/)'],
  // The site server imports its TypeScript siblings as './x.js', as Node's ES modules need once compiled.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.spec.ts?(x)', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 60000,
};
