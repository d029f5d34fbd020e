import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/configuration';
import { makeAdmin, seedDemoAdmin } from '../modules/admin/make-admin';
import { createDataSource } from './data-source';

const USAGE = 'usage: npm run admin:create -w backend -- --email someone@example.ie   (or: node dist/database/admin-cli.js demo)';

/** Making admins from the command line: `create --email X` (creates or promotes), `demo` (development seed). */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const ds = createDataSource(config.database);
  await ds.initialize();
  try {
    if (command === 'create') {
      const i = rest.indexOf('--email');
      if (i < 0 || !rest[i + 1]) throw new Error(USAGE);
      const { created, link } = await makeAdmin(ds, config, rest[i + 1]);
      console.log(`${created ? 'Created' : 'Promoted'} admin ${rest[i + 1].trim().toLowerCase()}.`);
      console.log(`One-time link to set the password (works for 24 hours):\n${link}`);
    } else if (command === 'demo') {
      if (config.nodeEnv === 'production') throw new Error('The demo admin is for development only');
      const demo = await seedDemoAdmin(ds);
      if (demo) console.log(`Demo admin for http://localhost:8080/admin/ (shown once): ${demo.email} / ${demo.password}`);
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await ds.destroy();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
