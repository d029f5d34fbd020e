import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { satisfies } from 'semver';

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

/** Every installed package (the workspaces' and the tools'), with the `engines` range it declares for Node. */
function installed(dir: string, out: Array<{ name: string; range: string }> = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      installed(path, out);
      continue;
    }
    if (!existsSync(join(path, 'package.json'))) continue;
    const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as { name: string; version: string; engines?: { node?: unknown } };
    if (typeof manifest.engines?.node === 'string') out.push({ name: `${manifest.name}@${manifest.version}`, range: manifest.engines.node });
    if (existsSync(join(path, 'node_modules'))) installed(join(path, 'node_modules'), out);
  }
  return out;
}

describe('the installed packages', () => {
  // The code runs on this machine's Node 20 and on production's Node 24 (the Dockerfiles, and the suites that
  // scripts/test.sh runs on it): a dependency that drops either cannot be installed unnoticed. The floors are the
  // root package.json's engines (TypeORM 1.x needs 24.11 or later on the 24 line).
  it("accept Node 20 and Node 24, the root package.json's engines", () => {
    const root = join(__dirname, '../..');
    const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const floors = ['20.19.0', '24.11.0'];
    expect(floors.every((v) => satisfies(v, engines.node))).toBe(true);
    const dirs = ['node_modules', 'backend/node_modules', 'frontend/node_modules', 'admin/node_modules'].map((d) => join(root, d)).filter((d) => existsSync(d));
    const refusing = dirs.flatMap((d) => installed(d)).flatMap(({ name, range }) => floors.filter((v) => !satisfies(v, range)).map((v) => `${name} (${range}) refuses ${v}`));
    expect(refusing).toEqual([]);
  });
});
