import { describe, expect, it } from "vitest";
import { MUTUAL_EXCLUSION_ERROR } from "../party/run-party";
import { DEFAULT_OUT, parseArgs, type CliOptions } from "./args";

const run = (over: Partial<CliOptions>): ReturnType<typeof parseArgs> => ({
  kind: "run",
  options: { mode: null, flags: ["--new"], out: DEFAULT_OUT, title: null, interactive: null, description: "A shop", ...over },
});

describe("parseArgs", () => {
  const table: Array<[string, string[], ReturnType<typeof parseArgs>]> = [
    ["description only", ["--new", "A shop"], run({})],
    ["--party", ["--new", "--party", "A shop"], run({ mode: "party", flags: ["--new", "--party"] })],
    ["--classic after the description", ["--new", "A shop", "--classic"], run({ mode: "classic", flags: ["--new", "--classic"] })],
    ["--out DIR", ["--new", "--out", "build/out", "A shop"], run({ out: "build/out" })],
    ["--out=DIR", ["--new", "--out=build/out", "A shop"], run({ out: "build/out" })],
    ["--title", ["--new", "--title", "  Shop  ", "A shop"], run({ title: "Shop" })],
    ["-i", ["--new", "-i", "A shop"], run({ interactive: true })],
    ["--interactive", ["--new", "--interactive", "A shop"], run({ interactive: true })],
    ["-I", ["--new", "-I", "A shop"], run({ interactive: false })],
    ["--no-interactive", ["--new", "--no-interactive", "A shop"], run({ interactive: false })],
    ["-i twice is fine", ["--new", "-i", "-i", "A shop"], run({ interactive: true })],
    ["unquoted words are joined", ["--new", "A", "small", "shop"], run({ description: "A small shop" })],
    ["after -- everything is description", ["--new", "--", "--party", "people"], run({ description: "--party people" })],
    ["no description: stdin", ["--new", "--party"], run({ mode: "party", flags: ["--new", "--party"], description: null })],
    ["- means stdin", ["--new", "-"], run({ description: null })],
    ["--help wins", ["--party", "--classic", "--help"], { kind: "help" }],
    ["-h", ["-h"], { kind: "help" }],
    ["both modes", ["--new", "--party", "--classic", "A shop"], { kind: "error", message: MUTUAL_EXCLUSION_ERROR }],
    ["both modes without --new still names the conflict", ["--party", "--classic"], { kind: "error", message: MUTUAL_EXCLUSION_ERROR }],
    ["-i and -I", ["--new", "-i", "-I", "A shop"], { kind: "error", message: "Error: -i and -I are mutually exclusive. Use one or the other." }],
    ["unknown long option", ["--new", "--parti", "A shop"], { kind: "error", message: "Error: unknown option --parti." }],
    ["unknown short option", ["--new", "-x", "A shop"], { kind: "error", message: "Error: unknown option -x." }],
    ["unknown option with a value", ["--new", "--mode=party", "A shop"], { kind: "error", message: "Error: unknown option --mode." }],
    ["--out without a value", ["--new", "A shop", "--out"], { kind: "error", message: "Error: --out needs a value." }],
    ["--out followed by a flag", ["--new", "--out", "--party", "A shop"], { kind: "error", message: "Error: --out needs a value." }],
    ["--title=", ["--new", "--title=", "A shop"], { kind: "error", message: "Error: --title needs a value." }],
    ["a flag given a value", ["--new", "--party=yes", "A shop"], { kind: "error", message: "Error: --party takes no value." }],
    ["--new is required", ["A shop"], { kind: "error", message: "Error: --new is required: the command line starts new projects only." }],
    ["blank description", ["--new", "  "], { kind: "error", message: "Error: the description is empty." }],
  ];
  it.each(table)("%s", (_name, argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });
});
