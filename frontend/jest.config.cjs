/** Unit and component tests (test/*.spec.ts[x]) and page/browser tests (test/*.e2e-spec.ts) against real servers. */
const swc = {
  jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // vike's runtime ships as ES modules: compile what the tests import from it.
  transformIgnorePatterns: ['/node_modules/(?!vike/)'],
  testMatch: ['<rootDir>/test/**/*.spec.ts?(x)', '<rootDir>/test/**/*.e2e-spec.ts'],
  testTimeout: 60000,
};
