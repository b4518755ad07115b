// Plain JS, pasted into the bench's child-process scripts (a process started from a
// string needs no TypeScript loader): `eachFrame(res, onFrame)` calls `onFrame(frame, at)`
// for every SSE frame of a response, `at` being when the chunk that completed it arrived.
// The script it goes into defines `now()`.
export const EACH_FRAME_JS = String.raw`
function eachFrame(res, onFrame) {
  res.setEncoding("utf8");
  let buf = "";
  res.on("data", (chunk) => {
    const at = now();
    buf += chunk;
    let cut;
    while ((cut = buf.indexOf("\n\n")) >= 0) {
      const frame = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      onFrame(frame, at);
    }
  });
}
`;
