import { describe, expect, it } from "vitest";
import { markupOf } from "../../tests/support/page-visible";

describe("reload row: what counts as visible", () => {
  it("looks at the markup only: names in the RSC payload's scripts, or in an unfinished script, do not count", () => {
    const html = `<div><span>Nadia</span></div><script>self.__next_f.push([1,"Liam"])</script><p>x</p><script>self.__next_f.push([1,"Ava`;
    const markup = markupOf(html);
    expect(markup).toContain("<span>Nadia</span>");
    expect(markup).toContain("<p>x</p>");
    expect(markup).not.toContain("Liam");
    expect(markup).not.toContain("Ava");
  });
});
