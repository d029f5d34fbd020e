import { ConfigError } from '../config/configuration';

/** A command line's `--name` flags and `--name value` options, after the command. */
export function cliArgs(rest: string[]) {
  return {
    flag: (name: string) => rest.includes(`--${name}`),
    value: (name: string): string | undefined => {
      const i = rest.indexOf(`--${name}`);
      return i >= 0 ? rest[i + 1] : undefined;
    },
  };
}

/** Runs a command-line entry point: its error's message (a bad setting named by ConfigError) on stderr, and exit code 1. */
export function runCli(main: (argv: string[]) => Promise<void>): void {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
