import { AnswerStore, keyOf } from './answer-cache';

const entry = (size: number) => ({ version: '1', body: Buffer.alloc(0), etag: 'W/"x"', headers: [], size });

describe('AnswerStore', () => {
  it('drops the least recently used answers past its bytes', () => {
    const store = new AnswerStore(300, 100);
    store.set('a', entry(100));
    store.set('b', entry(100));
    store.set('c', entry(100));
    expect(store.get('a')).toBeDefined(); // now b is the least recently used
    store.set('d', entry(100));
    expect(store.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => store.get(k) !== undefined)).toEqual([true, true, true]);
    expect(store.bytes).toBe(300);
  });

  it('drops the least recently used answers past its count, and never keeps one larger than the whole', () => {
    const store = new AnswerStore(10_000, 2);
    store.set('a', entry(1));
    store.set('b', entry(1));
    store.set('c', entry(1));
    expect(store.count).toBe(2);
    expect(store.get('a')).toBeUndefined();
    store.set('huge', entry(10_001));
    expect(store.get('huge')).toBeUndefined();
    expect(store.count).toBe(2);
  });

  it('counts the headers learnt for an answer in its bytes, only while that answer is kept', () => {
    const store = new AnswerStore(300, 10);
    const a = entry(100);
    store.set('a', a);
    store.set('b', entry(100));
    store.resize('a', a, 50);
    expect(store.bytes).toBe(250);
    store.set('c', entry(100)); // past 300: the least recently used (a) goes
    expect(store.get('a')).toBeUndefined();
    store.resize('a', a, 50); // no longer kept: nothing to count
    expect(store.bytes).toBe(200);
  });

  it('counts the request lines remembered for the fast path in its bytes, forgetting the oldest past them', () => {
    const store = new AnswerStore(2000, 10);
    store.set('k', entry(100));
    store.alias('/api/posts/?a=1', 'k');
    const one = store.bytes - 100;
    expect(one).toBeGreaterThan(256);
    store.alias('/api/posts/?a=1', 'k'); // the same line again: counted once
    expect(store.bytes).toBe(100 + one);
    // Other spellings of the same query, until their bytes would pass the bound: the oldest are forgotten.
    for (let i = 0; i < 10; i++) store.alias(`/API/posts/?a=1&x${i}`, 'k');
    expect(store.bytes).toBeLessThanOrEqual(2000);
    expect(store.keyOfLine('/api/posts/?a=1')).toBeUndefined();
    expect(store.keyOfLine('/API/posts/?a=1&x9')).toBe('k');
    expect(store.get('k')).toBeDefined();
  });

  it('replaces an answer under the same key, counting its bytes once', () => {
    const store = new AnswerStore(1000, 10);
    store.set('a', entry(100));
    store.set('a', entry(200));
    expect(store.bytes).toBe(200);
    expect(store.count).toBe(1);
  });
});

describe('keyOf', () => {
  const req = (query: Record<string, unknown>, params: Record<string, string> = {}) => ({ routeOptions: { url: '/api/posts/:id' }, params, query }) as unknown as Parameters<typeof keyOf>[0];

  it('is the same for the same query in any order, and differs for another value, parameter or repeated name', () => {
    expect(keyOf(req({ b: '2', a: '1' }))).toBe(keyOf(req({ a: '1', b: '2' })));
    expect(keyOf(req({ a: '1' }))).not.toBe(keyOf(req({ a: '2' })));
    expect(keyOf(req({ a: '1' }, { id: '1' }))).not.toBe(keyOf(req({ a: '1' }, { id: '2' })));
    expect(keyOf(req({ a: ['1', '2'] }))).not.toBe(keyOf(req({ a: '1,2' })));
    // A value cannot pass for another parameter.
    expect(keyOf(req({ a: '1&b=2' }))).not.toBe(keyOf(req({ a: '1', b: '2' })));
  });
});
