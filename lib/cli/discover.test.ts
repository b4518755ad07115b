import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { MUTUAL_EXCLUSION_ERROR } from "../party/run-party";
import { runDiscover, type CliIO } from "./discover";

// The ways out before any database is opened (the rest is discover-cli.int.test.ts).
function io(argv: string[], o: { stdinTTY?: boolean; input?: string } = {}) {
  const stdin = Object.assign(new PassThrough(), { isTTY: o.stdinTTY });
  if (!o.stdinTTY) stdin.end(o.input ?? "");
  let stdout = "";
  let stderr = "";
  const cli: CliIO = {
    argv,
    stdin,
    stdout: Object.assign(new PassThrough(), { write: (s: string) => ((stdout += s), true) }),
    stderr: Object.assign(new PassThrough(), { write: (s: string) => ((stderr += s), true) }),
    env: {},
    onInterrupt: () => () => {},
  };
  return { cli, out: () => stdout, err: () => stderr };
}

describe("runDiscover before the database", () => {
  it("--help: the usage on stdout, exit 0", async () => {
    const t = io(["--help"]);
    expect(await runDiscover(t.cli)).toBe(0);
    expect(t.out()).toMatch(/^Usage: npm run discover -- --new/);
  });

  it("--party with --classic: exactly the spec's line, exit 2", async () => {
    const t = io(["--new", "--party", "--classic", "A booking app for gyms"]);
    expect(await runDiscover(t.cli)).toBe(2);
    expect(t.err()).toBe(`${MUTUAL_EXCLUSION_ERROR}\n`);
    expect(t.out()).toBe("");
  });

  it("an unknown flag names itself and points to --help", async () => {
    const t = io(["--new", "--colour", "A booking app for gyms"]);
    expect(await runDiscover(t.cli)).toBe(2);
    expect(t.err()).toBe("Error: unknown option --colour.\nRun with --help for usage.\n");
  });

  it("no description on a terminal, -i with a piped description, or empty stdin: exit 2", async () => {
    const tty = io(["--new"], { stdinTTY: true });
    expect(await runDiscover(tty.cli)).toBe(2);
    expect(tty.err()).toContain("describe the project");
    const piped = io(["--new", "-i"], { input: "A booking app for gyms" });
    expect(await runDiscover(piped.cli)).toBe(2);
    expect(piped.err()).toContain("with -i the answers come from stdin");
    const empty = io(["--new"], { input: " \n " });
    expect(await runDiscover(empty.cli)).toBe(2);
    expect(empty.err()).toContain("stdin was empty");
  });
});
