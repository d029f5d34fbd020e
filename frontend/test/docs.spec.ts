import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// README.md is the front door and docs/ holds the rest, one page per subject: their links must lead somewhere, and
// they must read on their own (no issue numbers or section numbers of a document the reader does not have).
const ROOT = resolve(__dirname, '../..');
const PAGES = [join(ROOT, 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];

/** The text outside fenced code blocks and inline code, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Every relative link of a page: [text](target) and [text](target "title"), web and mail addresses left out. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README.md and docs/', () => {
  it('has a front door of at most 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const markdown = readFileSync(page, 'utf8');
      for (const target of relativeLinks(markdown)) {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path ? resolve(dirname(page), decodeURIComponent(path)) : page;
        const where = `${relative(ROOT, page)} -> ${target}`;
        if (!existsSync(file)) broken.push(`${where}: no such file`);
        else if (anchor && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${where}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('states rules rather than pointing at issue numbers or numbered sections of another document', () => {
    const found = PAGES.flatMap((page) =>
      [...readFileSync(page, 'utf8').matchAll(/\b(issue|spec(ification)?'?s? section|section) #?\d+/gi)].map((m) => `${relative(ROOT, page)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('keeps the code\'s comments readable on their own: no issue numbers, no spec sections, only doc pages that exist', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', 'backend', 'frontend', 'admin', 'packages', 'scripts', 'nginx', 'docker-compose.yml', 'Makefile'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(ts|tsx|js|mjs|cjs|sh|yml|yaml|conf|template)$|Makefile$/.test(f) && !f.endsWith('test/docs.spec.ts') && existsSync(join(ROOT, f)));
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/\b(issue|spec(ification)?'?s? sections?) #?\d+/gi)) found.push(`${file}: ${m[0]}`);
      for (const m of text.matchAll(/\bdocs\/([\w-]+\.md)/g)) if (!existsSync(join(ROOT, 'docs', m[1]))) found.push(`${file}: docs/${m[1]} does not exist`);
    }
    expect(found).toEqual([]);
  });
});
