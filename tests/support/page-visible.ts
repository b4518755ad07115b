// How soon a party's page shows something: fetch the server-rendered HTML and time the
// moment the markup (scripts left out: the RSC payload also carries the names) contains
// every wanted text. Shared by the reload bench row; never waits past its timeout.

export interface VisibleTiming {
  /** Request → first byte of the body. */
  firstByteMs: number;
  /** Request → the streamed markup contains every wanted text (null: it never did). */
  visibleMs: number | null;
  /** Request → the whole body. */
  totalMs: number;
  bytes: number;
  /** The wanted texts the markup never contained. */
  missing: string[];
}

const escapeHtml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

/** The markup of an HTML text without its script elements (and an unfinished one at the end). */
export function markupOf(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?(<\/script>|$)/gi, "");
}

export async function timeToVisible(url: string, cookie: string, wanted: readonly string[], timeoutMs = 15_000): Promise<VisibleTiming> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie, accept: "text/html" }, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok || !res.body) throw new Error(`GET ${url} answered ${res.status}`);
  const needles = wanted.map(escapeHtml);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let html = "";
  let firstByteMs: number | null = null;
  let visibleMs: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - t0;
    html += value;
    if (visibleMs === null) {
      const markup = markupOf(html);
      if (needles.every((n) => markup.includes(n))) visibleMs = performance.now() - t0;
    }
  }
  const markup = markupOf(html);
  return { firstByteMs: firstByteMs ?? performance.now() - t0, visibleMs, totalMs: performance.now() - t0, bytes: Buffer.byteLength(html), missing: wanted.filter((w, i) => !markup.includes(needles[i])) };
}
