// `npm run discover -- …`: the command line, parsed into options or a usage error. Pure,
// so the whole flag table is a unit test; reading stdin and the terminal happens in
// discover.ts.
import { MUTUAL_EXCLUSION_ERROR } from "../party/run-party";
import type { Mode } from "../vocabulary";

export const USAGE = `Usage: npm run discover -- --new [--party|--classic] [--out DIR] [-i|-I] [--title TITLE] "description"

Kick off a new project with a team of AI specialists, in the terminal.

Options:
  --new            start a new project (required: the only flow the command line runs)
  --party          party mode: three specialists per phase (skips the mode menu)
  --classic        classic mode: one agent, eight phases (skips the mode menu)
  --out DIR        where the artifacts are written (default ./inception-output)
  --title TITLE    the party's title (default: the description's first sentence)
  -i, --interactive      ask me at every question, even without a terminal
  -I, --no-interactive   direct mode: answer every question from the description
  -h, --help       show this help

The description may also come from standard input: echo "…" | npm run discover -- --new
Exit codes: 0 completed, 1 failed or cancelled, 2 bad usage, 130 interrupted (Ctrl-C).`;

export const DEFAULT_OUT = "inception-output";

export interface CliOptions {
  /** From --party / --classic; null shows the mode menu (answered "1" in direct mode). */
  mode: Mode | null;
  /** The flags handed to the party, as the web app would. */
  flags: string[];
  out: string;
  title: string | null;
  /** true -i, false -I, null: decide by whether stdin is a terminal. */
  interactive: boolean | null;
  /** null: read it from stdin. */
  description: string | null;
}

export type ParsedArgs = { kind: "help" } | { kind: "error"; message: string } | { kind: "run"; options: CliOptions };

const usageError = (message: string): ParsedArgs => ({ kind: "error", message });

export function parseArgs(argv: readonly string[]): ParsedArgs {
  let isNew = false;
  let party = false;
  let classic = false;
  let out: string | null = null;
  let title: string | null = null;
  let interactive: boolean | null = null;
  const words: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    // --name=value is accepted for the options that take a value.
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : null;
    const value = (): string | null => {
      if (inline !== null) return inline;
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("-") && next !== "-")) return null;
      i++;
      return next;
    };
    const noValue = () => (inline !== null ? usageError(`Error: ${name} takes no value.`) : null);

    switch (name) {
      case "-h":
      case "--help":
        return { kind: "help" };
      case "--new":
      case "--party":
      case "--classic":
      case "-i":
      case "--interactive":
      case "-I":
      case "--no-interactive": {
        const bad = noValue();
        if (bad) return bad;
        if (name === "--new") isNew = true;
        else if (name === "--party") party = true;
        else if (name === "--classic") classic = true;
        else {
          const want = name === "-i" || name === "--interactive";
          if (interactive !== null && interactive !== want) return usageError("Error: -i and -I are mutually exclusive. Use one or the other.");
          interactive = want;
        }
        break;
      }
      case "--out":
      case "--title": {
        const v = value();
        if (v === null || v.trim() === "") return usageError(`Error: ${name} needs a value.`);
        if (name === "--out") out = v;
        else title = v.trim();
        break;
      }
      default:
        if (arg.startsWith("-") && arg !== "-") return usageError(`Error: unknown option ${name}.`);
        words.push(arg);
    }
  }

  if (party && classic) return usageError(MUTUAL_EXCLUSION_ERROR);
  if (!isNew) return usageError("Error: --new is required: the command line starts new projects only.");
  const text = words.join(" ").trim();
  if (words.length > 0 && text === "") return usageError("Error: the description is empty.");
  return {
    kind: "run",
    options: {
      mode: party ? "party" : classic ? "classic" : null,
      flags: ["--new", ...(party ? ["--party"] : []), ...(classic ? ["--classic"] : [])],
      out: out ?? DEFAULT_OUT,
      title,
      interactive,
      description: words.length > 0 && text !== "-" ? text : null,
    },
  };
}
