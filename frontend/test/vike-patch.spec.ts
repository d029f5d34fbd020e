// Vike's guard against render loops, as patched by patches/vike+0.4.266.patch (applied by the site's postinstall).
// Not exported by vike: read from its file, as the site server's renderPage() runs it on every page render.
type Guard = (functionName: `${string}()`) => void;

describe("Vike's infinite-loop guard (patched)", () => {
  const START = new Date('2026-11-27T12:00:00Z').getTime();
  let catchInfiniteLoop: Guard;
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers({ now: START });
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // A fresh copy each time: its trackers and its last cleaning are module state.
    jest.isolateModules(() => {
      ({ catchInfiniteLoop } = require('../../node_modules/vike/dist/utils/catchInfiniteLoop.js') as { catchInfiniteLoop: Guard });
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
  const call = (name: `${string}()`, times: number) => {
    for (let i = 0; i < times; i++) catchInfiniteLoop(name);
  };
  const at = (ms: number) => jest.setSystemTime(START + ms);

  it('still warns past 49 calls of one function within 5 s and refuses the 100th', () => {
    call('render()', 49);
    expect(warn).not.toHaveBeenCalled();
    call('render()', 1);
    expect(warn).toHaveBeenCalledTimes(1);
    call('render()', 49);
    expect(() => catchInfiniteLoop('render()')).toThrow(/render\(\) called 100 times within 5 seconds/);
  });

  it('counts a function from zero again once 5 s have passed, even while its tracker is not cleaned yet', () => {
    call('other()', 1); // the first call cleans (none yet): the next cleaning is due 5 s later
    at(1);
    call('again()', 90);
    at(5_001);
    call('other()', 1); // cleans: again()'s tracker, 5,000 ms old, stays
    at(5_002);
    // 5,001 ms after it started, again()'s count starts from zero rather than going on to 180 (refused at 100).
    expect(() => call('again()', 90)).not.toThrow();
  });

  it('looks through its trackers at most once per 5 s, however many requests (one tracker each) come meanwhile', () => {
    // Unpatched, every call enumerated every tracker of the last 5 s: O(requests in 5 s) per page render.
    // Counted before each expect(), which calls Object.keys itself.
    const keys = jest.spyOn(Object, 'keys');
    for (let i = 0; i < 2_000; i++) {
      at(i);
      catchInfiniteLoop(`[request ${i}] renderPageServerEntryRecursive()`);
    }
    const within5s = keys.mock.calls.length;
    at(5_001);
    catchInfiniteLoop('[request 2000] renderPageServerEntryRecursive()');
    const after5s = keys.mock.calls.length - within5s;
    expect({ within5s, after5s }).toEqual({ within5s: 1, after5s: 1 });
  });
});
