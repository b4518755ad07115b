// Paths a model can shape (scaffold folders read from its Directory Layout, artifact
// paths) end up as zip entries and as files the CLI writes: one rule for all of them, so
// none can climb out of the folder it is unpacked into.

/**
 * The path with empty and "." segments dropped, or null when it cannot be a file inside a
 * folder on any system: absolute ("/x", "C:x"), a ".." segment, a backslash (a separator
 * on Windows), a NUL or another control character. A trailing "/" (a folder) is kept.
 */
export function safeRelativePath(p: string): string | null {
  if (!p || p.startsWith("/") || /^[a-zA-Z]:/.test(p) || /[\\\u0000-\u001f\u007f]/.test(p)) return null;
  const segments = p.split("/");
  const folder = p.endsWith("/");
  const kept = segments.filter((s) => s !== "" && s !== ".");
  if (!kept.length || kept.some((s) => s === "..")) return null;
  return kept.join("/") + (folder ? "/" : "");
}
