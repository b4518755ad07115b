import { describe, expect, it } from "vitest";
import { safeRelativePath } from "./relative-path";

describe("safeRelativePath", () => {
  it.each(["src/../../../x/", "../x", "src/..", "/etc/passwd", "C:evil", "c:/x", "src\\..\\..\\x", "src/a\u0000b/", "a/\n/b", "", "/", "./", "././"])("refuses %j", (p) => {
    expect(safeRelativePath(p)).toBeNull();
  });

  it("keeps ordinary paths and folders, dropping empty and '.' segments", () => {
    expect(safeRelativePath("docs/architecture/data-model.md")).toBe("docs/architecture/data-model.md");
    expect(safeRelativePath("src/app/")).toBe("src/app/");
    expect(safeRelativePath("./src//app/./x.md")).toBe("src/app/x.md");
    expect(safeRelativePath("src/..hidden/")).toBe("src/..hidden/");
  });
});
