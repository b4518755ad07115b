// npm run discover -- --new [--party|--classic] [--out DIR] [-i|-I] [--title T] "description"
// The command line of the same engine and database as the web app (lib/cli/discover.ts).
import { hostname } from "node:os";
import { runDiscover } from "../lib/cli/discover";

// This process runs its own party only; its runner leases must not pass for the web
// server's (both would default to hostname:PORT).
process.env.INSTANCE_ID ||= `cli-${hostname().replace(/[^\w.-]/g, "-").slice(0, 60)}-${process.pid}`;

let firstInterrupt = 0;
const code = await runDiscover({
  argv: process.argv.slice(2),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  onInterrupt(fn) {
    const handler = () => {
      const now = Date.now();
      if (firstInterrupt === 0) {
        firstInterrupt = now;
        fn();
      } else if (now - firstInterrupt > 1000) {
        // Ctrl-C again while the party is being cancelled: leave at once. (Within a
        // second it is the same Ctrl-C, delivered twice: by the terminal to the whole
        // process group and relayed by a wrapper such as tsx or npm.)
        process.exit(130);
      }
    };
    process.on("SIGINT", handler);
    process.on("SIGTERM", handler);
    return () => {
      process.off("SIGINT", handler);
      process.off("SIGTERM", handler);
    };
  },
}).catch((e: unknown) => {
  console.error(`discover: ${(e as Error).stack ?? e}`);
  return 1;
});
// Anything still open (a provider's keep-alive socket…) must not keep the process alive.
process.exit(code);
