import { describe, expect, it } from "vitest";
import { fmt, formatTable, judge, markdownTable, type Row } from "./report";

const rows: Row[] = [
  { id: "1", measure: "Parallel: wall / bound", value: "1.01×", goal: "≤ 1.10×", verdict: "pass" },
  { id: "2", measure: "CPU per token p99", value: "36.0 µs", goal: "≤ 10 µs", verdict: "miss" },
];

describe("bench report", () => {
  it("judges against a limit in either direction; NaN misses", () => {
    expect(judge(1.05, 1.1)).toBe("pass");
    expect(judge(1.2, 1.1)).toBe("miss");
    expect(judge(3, 2, "higher")).toBe("pass");
    expect(judge(Number.NaN, 1)).toBe("miss");
  });

  it("lays the table out in aligned columns", () => {
    const lines = formatTable(rows).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0].indexOf("Goal")).toBe(lines[2].indexOf("≤ 1.10×"));
    expect(lines[3]).toMatch(/MISS$/);
  });

  it("writes a markdown table and formats units", () => {
    expect(markdownTable(rows).split("\n")[3]).toBe("| 2 | CPU per token p99 | 36.0 µs | ≤ 10 µs | miss |");
    expect(fmt.ms(57_631)).toBe("57.6 s");
    expect(fmt.ms(123.4)).toBe("123 ms");
    expect(fmt.ms(4.56)).toBe("4.6 ms");
    expect(fmt.x(2.0183)).toBe("2.02×");
  });
});
