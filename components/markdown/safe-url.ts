// URLs in agent output are untrusted (docs/architecture.md). Only web and mail links survive;
// `javascript:`, `data:`, `vbscript:`, `file:` and every other scheme become no link at all.
const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

// Browsers ignore ASCII control characters and whitespace inside a scheme
// ("java\tscript:"), so strip them before looking for one.
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;

/** Returns the URL when its scheme is allowed (or it is relative / a fragment), else "". */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === "") return "";
  const compact = trimmed.replace(IGNORED, "");
  // Entity-encoded or escaped colons are left for the browser to decode: refuse them.
  if (/&#|%3a/i.test(compact.split(/[/?]/)[0])) return "";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return trimmed; // relative, root-relative, protocol-relative or "#anchor"
  return ALLOWED_SCHEMES.has(scheme[1].toLowerCase()) ? trimmed : "";
}

/** True for links that leave the site (open in a new tab). */
export function isExternal(url: string): boolean {
  return /^(https?:)?\/\//i.test(url) || /^mailto:/i.test(url);
}
