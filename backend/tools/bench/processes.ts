import { ChildProcess, spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';

/**
 * Starts a built server script for a benchmark and resolves once readyUrl answers (20 s at most). Its stdout (the JSON
 * log) goes to options.stdout when given, else nowhere.
 */
export function startProcess(script: string, args: string[], env: Record<string, string>, readyUrl: string, options: { stdout?: (chunk: string) => void } = {}): Promise<ChildProcess> {
  const { stdout } = options;
  const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'inherit'] });
  if (stdout) child.stdout!.setEncoding('utf8').on('data', stdout);
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

/** `n` distinct ports free on 127.0.0.1 now (held open together, then released): a benchmark never collides with a running server or test. */
export async function freePorts(n: number): Promise<number[]> {
  const listen = () =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer().once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const servers = await Promise.all(Array.from({ length: n }, listen));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
