import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/*
 * No visible text in the components that are in the catalogues: their words come from locales/ (docs/i18n.md). The
 * check reads each file with the TypeScript compiler and names every JSX text with a letter in it, and every string
 * literal with a letter given to an attribute a person sees or hears.
 */

/**
 * What is checked: the files and folders (under frontend/) converted to the catalogues so far. Add a page's folder or
 * a component here once its texts are in locales/.
 */
export const CHECKED = [
  'pages/+Layout.tsx',
  'pages/+Head.tsx',
  'pages/listing',
  'pages/counties',
  'pages/about',
  'pages/categories',
  'pages/_error',
  'components/Card.tsx',
  'components/CardList.tsx',
  'components/Dialog.tsx',
  'components/FilterBar.tsx',
  'components/LanguageSwitch.tsx',
  'components/Landing.tsx',
  'components/LazyRefineDialog.tsx',
  'components/Menus.tsx',
  'components/MobileBar.tsx',
  'components/ShowMapButton.tsx',
  'components/SignOutButton.tsx',
  'components/reviews',
  'components/cp/ReviewItem.tsx',
  'pages/reviews',
  'pages/cp/reviews',
];

/** Attributes whose text is shown or read out, on elements and on our components (Spinner's label, a dialog's title). */
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'title', 'alt', 'label', 'value', 'emptyText']);

/** Texts allowed as they are, in any language. */
const ALLOWED = new Set<string>([]);

const root = join(__dirname, '..');
const hasLetter = (s: string) => /\p{L}/u.test(s);

function tsxFiles(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => join(full, f));
}

/** The visible literal texts of one file, as 'file:line text'. */
export function visibleLiterals(file: string, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!hasLetter(clean) || ALLOWED.has(clean)) return;
    found.push(`${relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${clean}`);
  };
  /** A string written in the code, also inside {...}, a template or either side of a condition. */
  const literal = (node: ts.Node | undefined): void => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) report(node, node.text);
    else if (ts.isTemplateExpression(node)) report(node, [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' '));
    else if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) literal(node.expression);
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(literal);
    else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind)) [node.left, node.right].forEach(literal);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) literal(node.expression);
    else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf))) literal(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('visible texts', () => {
  it('come from the catalogues in every converted page and component', () => {
    expect(CHECKED.flatMap(tsxFiles).flatMap((f) => visibleLiterals(f))).toEqual([]);
  });

  it('are found in JSX text, in {...} and in visible attributes, not in class names, keys or URLs', () => {
    const found = visibleLiterals(
      join(root, 'components/Example.tsx'),
      `export const A = ({ on }: { on: boolean }) => (
        <nav aria-label="Main" className="site-nav" data-testid="nav">
          <a href="/about" title={on ? 'About us' : undefined}>About</a>
          {on && 'Signed in'}
          <Spinner label={\`Loading \${1}\`} />
          <img alt="" src="/x.png" /> · ™ {12}
        </nav>
      );`,
    );
    expect(found).toEqual([
      'components/Example.tsx:2 Main',
      'components/Example.tsx:3 About us',
      'components/Example.tsx:3 About',
      'components/Example.tsx:4 Signed in',
      'components/Example.tsx:5 Loading',
    ]);
  });
});
