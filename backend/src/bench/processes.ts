import { ChildProcess, spawn } from 'node:child_process';

/** Starts a built server script for a benchmark and resolves once readyUrl answers (20 s at most). */
export function startProcess(script: string, args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 20_000;
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child);
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) return reject(new Error(`${script} did not start`));
      setTimeout(poll, 200);
    };
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    poll();
  });
}
