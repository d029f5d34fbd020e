import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from './json-depth';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number, open = '{"a":', close = '}') => utf8(open.repeat(depth - 1) + '{}' + close.repeat(depth - 1));

describe(jsonNestedDeeperThan.name, () => {
  it('accepts bodies nested up to the limit and refuses one level more', () => {
    expect(jsonNestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestedDeeperThan(nested(MAX_JSON_DEPTH + 1, '[', ']'))).toBe(true);
  });

  it('counts depth, not the number of brackets side by side', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '{"a":[1,{"b":2}]}').join(',')}]`;
    expect(jsonNestedDeeperThan(utf8(wide), 4)).toBe(false);
    expect(jsonNestedDeeperThan(utf8(wide), 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ message: '[[[{{{ "quoted \\" [[[ ' + '['.repeat(100), 'key[[[': 'Ní{{{ 🎻 ]]]' });
    expect(jsonNestedDeeperThan(utf8(text), 1)).toBe(false);
  });

  it('is not fooled by multi-byte characters', () => {
    // U+227B and U+5B7B hold the bytes of a bracket or quote in UTF-16, never in UTF-8.
    const text = JSON.stringify({ a: '\u227b\u5b7b\u7b22' });
    expect(jsonNestedDeeperThan(utf8(text), 1)).toBe(false);
    expect(jsonNestedDeeperThan(utf8(`[${text}]`), 1)).toBe(true);
  });

  it('scans a megabyte in a few milliseconds', () => {
    const big = utf8(JSON.stringify({ list: Array.from({ length: 50_000 }, (_, i) => ({ i, s: 'x"y[' })) }));
    const started = performance.now();
    expect(jsonNestedDeeperThan(big)).toBe(false);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
