import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/**
 * Where the API's time goes under the benchmark's load (docs/performance.md, "Where the time goes").
 * - Record: `CPU_PROFILE=/tmp/api.cpuprofile node -r ./dist-tools/tools/bench/cpu-profile.js dist/main.js`, warm it up, `kill -WINCH <pid>`
 *   starts recording, load it (autocannon), `kill -WINCH <pid>` again writes the profile (Nest's shutdown hooks take
 *   SIGTERM and SIGUSR2 and exit before --cpu-prof writes).
 * - Read: `node dist-tools/tools/bench/cpu-profile.js /tmp/api.cpuprofile` prints the functions by self time, and by package.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

if (require.main === module) {
  summarise(process.argv[2]);
} else if (process.env.CPU_PROFILE) {
  const out = process.env.CPU_PROFILE;
  const session = new Session();
  let recording = false;
  session.connect();
  session.post('Profiler.enable');
  // The first signal starts recording (after start-up and warm-up), the second writes what was recorded.
  process.on('SIGWINCH', () => {
    if (!recording) {
      recording = true;
      session.post('Profiler.start');
      return;
    }
    recording = false;
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(out, JSON.stringify(result.profile));
    });
  });
}

function summarise(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '');
    const name = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const pkg = !url ? functionName || '(native)' : url.startsWith('node:') ? 'node core' : /node_modules\//.test(url) ? url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : 'the API';
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`By package (self time, ${(total / 1e6).toFixed(1)} s sampled):\n${top(byPackage, 12).join('\n')}\n\nBy function:\n${top(byFunction, 25).join('\n')}`);
}
