import { describe, expect, it } from "vitest";
import { median, percentile, summarize } from "./stats";

describe("percentile (nearest rank)", () => {
  const ten = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];

  it("picks the nearest-rank value of the sorted sample", () => {
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 100)).toBe(10);
    expect(percentile(ten, 0)).toBe(1);
    expect(median([3, 1, 2])).toBe(2);
  });

  it("p99 of 1..1000 is 990, p50 is 500", () => {
    const xs = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(percentile(xs, 99)).toBe(990);
    expect(percentile(xs, 50)).toBe(500);
  });

  it("does not reorder the caller's array and sorts numerically", () => {
    const xs = [100, 20, 3];
    expect(percentile(xs, 50)).toBe(20);
    expect(xs).toEqual([100, 20, 3]);
  });

  it("is NaN on an empty sample and rejects a bad p", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("summarizes a sample", () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ n: 4, min: 1, p50: 2, p95: 4, p99: 4, max: 4, mean: 2.5 });
  });
});
