// ANSI styling for the terminal, or none: colours only on a terminal and when NO_COLOR
// is unset (https://no-color.org).

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  /** A stable colour per agent name, so a speaker is recognisable at a glance. */
  agent(name: string, s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const AGENT_COLORS = [36, 35, 34, 32, 33, 96, 95, 94];

export const plainStyle: Style = {
  bold: (s) => s,
  dim: (s) => s,
  red: (s) => s,
  green: (s) => s,
  yellow: (s) => s,
  cyan: (s) => s,
  agent: (_n, s) => s,
};

export const ansiStyle: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
  agent(name, s) {
    let h = 0;
    for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    return wrap(AGENT_COLORS[h % AGENT_COLORS.length], 39)(wrap(1, 22)(s));
  },
};

export function wantsColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return !!stream.isTTY && !env.NO_COLOR;
}
