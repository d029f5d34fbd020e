// Vike's guard against render loops, as patched by patches/vike+0.4.266.patch (applied by the site's postinstall).
// Not exported by vike: read from its file, as the site server's renderPage() runs it on every page render.
import { catchInfiniteLoop } from '../../node_modules/vike/dist/utils/catchInfiniteLoop.js';

describe("Vike's infinite-loop guard (patched)", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const call = (name: `${string}()`, times: number) => {
    for (let i = 0; i < times; i++) catchInfiniteLoop(name);
  };

  it('still warns past 49 calls of one function within 5 s and refuses the 100th', () => {
    call('render()', 49);
    expect(warn).not.toHaveBeenCalled();
    call('render()', 1);
    expect(warn).toHaveBeenCalledTimes(1);
    call('render()', 49);
    expect(() => catchInfiniteLoop('render()')).toThrow(/render\(\) called 100 times within 5 seconds/);
  });

  it('counts a function from zero again once 5 s have passed, before any cleaning', () => {
    call('again()', 90);
    jest.advanceTimersByTime(5_001);
    expect(() => call('again()', 90)).not.toThrow();
  });

  it('looks through its trackers at most once per 5 s, however many requests (one tracker each) come meanwhile', () => {
    // Unpatched, every call enumerated every tracker of the last 5 s: O(requests in 5 s) per page render.
    jest.advanceTimersByTime(5_001);
    const keys = jest.spyOn(Object, 'keys');
    for (let i = 0; i < 2_000; i++) {
      catchInfiniteLoop(`[request ${i}] renderPageServerEntryRecursive()`);
      jest.advanceTimersByTime(1);
    }
    expect(keys.mock.calls.length).toBeLessThanOrEqual(1);
    jest.advanceTimersByTime(5_001);
    catchInfiniteLoop('[request 2000] renderPageServerEntryRecursive()');
    expect(keys.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
