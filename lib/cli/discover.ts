// `npm run discover -- --new …`: one party from the terminal, on the same services and
// database as the web app. The run follows the party's log (like a browser tab), answers
// each input request — the person at the terminal, or direct mode from the description —
// and unpacks the results under --out. Returns the process exit code.
import path from "node:path";
import type { Viewer } from "../auth/viewer";
import { closeDb } from "../db/database";
import { readEvents } from "../db/parties";
import { env, EnvError } from "../env";
import { AppError } from "../errors/app-error";
import type { InputRequestData } from "../wire/events";
import { modelConfigProblem } from "../ai/providers";
import { answerInput, bundleOf, cancelParty, createParty } from "../server/party-service";
import { getServices, stopServices, type Services } from "../server/services";
import { parseArgs, USAGE, type CliOptions } from "./args";
import { DirectAnswerer, type Answer } from "./direct-answers";
import { PartyFollower } from "./follow";
import { pipedLines, terminalLines } from "./line-source";
import { busyMessage, checkPgliteFree } from "../db/pglite-guard";
import { askPerson, PromptAborted, type LineSource } from "./prompt";
import { TerminalRenderer } from "./render";
import { ansiStyle, plainStyle, wantsColor } from "./style";
import { writeBundle } from "./write-output";
import { MUTUAL_EXCLUSION_ERROR } from "../party/run-party";

export const EXIT = { completed: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** The party's owner id for every command-line run. */
export const CLI_OWNER = "cli";
const OPEN_TIMEOUT_MS = 60_000;

export interface CliIO {
  argv: readonly string[];
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  /** Calls `fn` on Ctrl-C (SIGINT) or SIGTERM; returns the unsubscribe. */
  onInterrupt(fn: () => void): () => void;
}

class Interrupted extends Error {
  constructor() {
    super("Interrupted.");
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === "string" ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** `p`, or the abort reason once `signal` aborts; the listener goes when `p` settles. */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let off = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const on = () => reject(signal.reason);
    signal.addEventListener("abort", on, { once: true });
    off = () => signal.removeEventListener("abort", on);
  });
  return Promise.race([p, aborted]).finally(off);
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000}s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function runDiscover(io: CliIO): Promise<number> {
  const err = (s: string) => io.stderr.write(`${s}\n`);
  const parsed = parseArgs(io.argv);
  if (parsed.kind === "help") {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.kind === "error") {
    err(parsed.message);
    // The spec's mutual-exclusion error is exactly one line.
    if (parsed.message !== MUTUAL_EXCLUSION_ERROR) err("Run with --help for usage.");
    return EXIT.usage;
  }
  const o = parsed.options;

  let description = o.description;
  if (description === null) {
    if (io.stdin.isTTY) {
      err('Error: describe the project: npm run discover -- --new "A booking app for …" (or pipe it on stdin).');
      return EXIT.usage;
    }
    if (o.interactive) {
      err("Error: with -i the answers come from stdin, so give the description as an argument.");
      return EXIT.usage;
    }
    description = (await readAll(io.stdin)).trim();
    if (!description) {
      err("Error: no description: stdin was empty. Pass it as an argument or pipe it in.");
      return EXIT.usage;
    }
  }
  const interactive = o.interactive ?? !!io.stdin.isTTY;

  let e;
  try {
    e = env();
  } catch (x) {
    if (x instanceof EnvError) {
      err(x.message);
      return EXIT.failed;
    }
    throw x;
  }
  const modelProblem = modelConfigProblem(e);
  if (modelProblem) {
    err(modelProblem);
    return EXIT.failed;
  }
  if (!e.DATABASE_URL) {
    const free = await checkPgliteFree(e.DATA_DIR);
    if (!free.ok) {
      err(busyMessage(e.DATA_DIR, free));
      return EXIT.failed;
    }
  }

  const interrupt = new AbortController();
  const off = io.onInterrupt(() => interrupt.abort(new Interrupted()));
  try {
    return await runPartyInTerminal(io, o, description, interactive, interrupt.signal);
  } finally {
    off();
    await stopServices().catch((x) => err(`closing the runner failed: ${(x as Error).message}`));
    await closeDb().catch((x) => err(`closing the database failed: ${(x as Error).message}`));
  }
}

async function runPartyInTerminal(io: CliIO, o: CliOptions, description: string, interactive: boolean, signal: AbortSignal): Promise<number> {
  const err = (s: string) => io.stderr.write(`${s}\n`);
  const color = wantsColor(io.stdout, io.env);
  const style = color ? ansiStyle : plainStyle;
  const write = (s: string) => void io.stdout.write(s);

  let services: Services;
  try {
    services = await withTimeout(abortable(getServices(), signal), OPEN_TIMEOUT_MS, "opening the database");
  } catch (x) {
    if (x instanceof Interrupted) return EXIT.interrupted;
    err(`Error: cannot open the database: ${(x as Error).message}`);
    return EXIT.failed;
  }

  const viewer: Viewer = { guestId: CLI_OWNER, watchToken: null };
  let partyId: string;
  try {
    const created = await createParty(viewer, { description, flags: o.flags, ...(o.title ? { title: o.title } : {}) });
    partyId = created.id;
  } catch (x) {
    if (x instanceof AppError && (x.code === "validation_failed" || x.code === "bad_request")) {
      err(x.message.startsWith("Error:") ? x.message : `Error: ${x.message}`);
      return EXIT.usage;
    }
    if (x instanceof AppError) {
      err(`Error: ${x.message}`);
      return EXIT.failed;
    }
    throw x;
  }

  write(style.dim(`Party ${partyId} · ${interactive ? "interactive: you answer the team's questions" : "direct mode: questions are answered from your description, approvals accepted"}\n\n`));

  const renderer = new TerminalRenderer({ write, style, direct: !interactive });
  let ended: { status: "completed" | "failed" | "cancelled"; reason?: string } | null = null;
  let open: InputRequestData | null = null;
  const answered = new Set<string>();
  const follower = new PartyFollower(
    {
      subscribe: (fn) => services.bus.subscribe(partyId, fn),
      read: (after) => readEvents(services.db, partyId, after),
    },
    {
      event(ev) {
        renderer.event(ev);
        if (ev.type === "input-request") open = ev.data;
        else if (ev.type === "input-response") answered.add(ev.data.requestId);
        else if (ev.type === "party-end") ended = ev.data;
      },
      delta: (d) => renderer.delta(d),
    },
  );

  const direct = new DirectAnswerer(description, o.mode);
  let lines: (LineSource & { close?(): void }) | null = null;
  if (interactive) lines = io.stdin.isTTY ? terminalLines(io.stdin, io.stdout, !!io.stdout.isTTY) : pipedLines(io.stdin, io.stdout);

  const cancel = async (why: string, code: number) => {
    await cancelParty(viewer, partyId).catch((x) => {
      // An AppError here means the party is already over (or gone): nothing left to stop.
      if (!(x instanceof AppError)) throw x;
    });
    // Best effort: the cancel went through; only the last lines on screen may be missing.
    await follower.refresh().catch(() => undefined);
    renderer.finish();
    err(why);
    return code;
  };

  try {
    await follower.start();
    for (;;) {
      const pending = () => (open && !answered.has(open.requestId) ? open : null);
      try {
        await follower.until(() => ended !== null || pending() !== null, signal);
      } catch (x) {
        if (x instanceof Interrupted) return await cancel("Cancelled (Ctrl-C): the party was stopped.", EXIT.interrupted);
        throw x;
      }
      if (ended) break;
      const req = pending()!;
      // The run is suspended on this request: a message still open will not go on.
      renderer.finish();
      let answer: Answer;
      if (lines) {
        try {
          answer = await abortable(askPerson(req, { lines, write, style }), signal);
        } catch (x) {
          if (x instanceof PromptAborted) {
            return await cancel(x.reason === "interrupt" ? "Cancelled (Ctrl-C): the party was stopped." : `Cancelled: ${x.message}`, x.reason === "interrupt" ? EXIT.interrupted : EXIT.failed);
          }
          if (x instanceof Interrupted) return await cancel("Cancelled (Ctrl-C): the party was stopped.", EXIT.interrupted);
          throw x;
        }
      } else {
        answer = direct.answer(req);
      }
      try {
        await answerInput(viewer, partyId, { requestId: req.requestId, selection: answer.selection, text: answer.text });
        answered.add(req.requestId);
      } catch (x) {
        if (!(x instanceof AppError)) throw x;
        if (x.code === "conflict") {
          // Answered or closed meanwhile: the log says what comes next.
          answered.add(req.requestId);
          await follower.refresh();
          continue;
        }
        if (interactive) {
          write(`${style.yellow(x.message)}\n`);
          continue;
        }
        return await cancel(`Error: direct mode could not answer "${req.title}": ${x.message}`, EXIT.failed);
      }
    }
  } finally {
    follower.stop();
    lines?.close?.();
  }

  renderer.finish();
  const end = ended as { status: "completed" | "failed" | "cancelled"; reason?: string } | null;
  if (end?.status !== "completed") {
    err(`The party ${end?.status ?? "stopped"}${end?.reason ? `: ${end.reason}` : "."}`);
    return EXIT.failed;
  }
  const bundle = await bundleOf(viewer, partyId);
  // npm runs scripts from the package root; INIT_CWD is where the person typed the command.
  const out = path.resolve(io.env.INIT_CWD ?? process.cwd(), o.out);
  let written;
  try {
    written = await writeBundle(out, bundle.bytes);
  } catch (x) {
    err(`Error: the party completed, but writing its files to ${out} failed: ${(x as Error).message}`);
    return EXIT.failed;
  }
  const rel = path.relative(io.env.INIT_CWD ?? process.cwd(), out);
  const shown = rel === "" ? "." : rel.startsWith("..") ? out : rel;
  const folders = written.files.filter((f) => f.endsWith("/.gitkeep"));
  write(`\n${style.bold(`Wrote ${written.files.length} files to ${shown}${path.sep}`)}\n`);
  for (const f of written.files) if (!f.endsWith("/.gitkeep")) write(`  ${f}\n`);
  if (folders.length) write(`  …and ${folders.length} scaffold folders (each with a .gitkeep)\n`);
  if (written.skipped.length) err(`Skipped ${written.skipped.length} path(s) that would leave ${shown}: ${written.skipped.join(", ")}`);
  return EXIT.completed;
}
