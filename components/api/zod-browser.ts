// zod compiles object parsers with `new Function` when it may, and probes for that on its
// first parse. Under the page's Content-Security-Policy (no 'unsafe-eval') the probe is a
// CSP violation the browser reports (Lighthouse counts it), so in the browser zod runs
// without its JIT. Imported for its effect by the modules that parse on the client.
import { config } from "zod";

config({ jitless: true });
