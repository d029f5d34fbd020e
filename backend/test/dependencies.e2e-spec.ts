import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Loaded by name rather than imported: database drivers TypeORM opens, and peers of the packages that use them. */
const LOADED_BY_OTHERS: Record<string, string> = {
  'better-sqlite3': "TypeORM's SQLite driver",
  lodash: 'required at run time by @nestjs-modules/mailer, which does not declare it',
  nodemailer: 'peer of @nestjs-modules/mailer',
  mysql2: "TypeORM's MySQL/MariaDB driver",
  passport: 'peer of @nestjs/passport',
  rxjs: 'peer of @nestjs/common',
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('backend/package.json', () => {
  it('declares only dependencies the API imports (or that are loaded for it by name)', () => {
    const { dependencies } = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const code = sources(join(__dirname, '../src')).map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused = Object.keys(dependencies).filter((dep) => !LOADED_BY_OTHERS[dep] && !new RegExp(`from '${dep}(/[^']*)?'|import '${dep}'`).test(code));
    expect(unused).toEqual([]);
  });
});
