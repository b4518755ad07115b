// The `src/` tree for the chosen stack, following each ecosystem's conventions and
// the project's domain modules. The engine scaffolds the repository from it, so it
// is plain indentation (two spaces, directories end with "/"), no decorations.
import { camel, kebab, pascal, snake } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import type { Entity } from "./extract-entities";
import { groupModules, resourcePath } from "./modules";
import { getSlot, payProvider, type StackPlan } from "./stack-plan";

type Node = { name: string; children?: Node[] };

/** A directory; a path ("db/migration") is the chain of them, the children in its last. */
const dir = (path: string, children: (Node | string | false | undefined)[] = []): Node => {
  const [name, ...rest] = path.split("/");
  const kids = rest.length ? [dir(rest.join("/"), children)] : children;
  return { name: `${name}/`, children: kids.filter((c): c is Node | string => Boolean(c)).map((c) => (typeof c === "string" ? { name: c } : c)) };
};

function render(node: Node, depth = 0): string[] {
  return [`${"  ".repeat(depth)}${node.name}`, ...(node.children ?? []).flatMap((c) => render(c, depth + 1))];
}

export interface LayoutInput {
  name: string;
  plan: StackPlan;
  traits: DomainTraits;
  entities: Entity[];
  /** CLI subcommands. */
  commands: string[];
}

const moduleNames = (entities: Entity[]) => groupModules(entities).map((m) => m.name).slice(0, 8);

const pkgName = (name: string) => snake(name.split(/\s+/).slice(0, 3).join(" ")) || "app";

function astroSite(i: LayoutInput): Node {
  const collections = i.entities.map((e) => e.table);
  return dir("src", [
    dir("pages", ["index.astro", "contact.astro", ...collections.filter((c) => c !== "pages").map((c) => dir(c, ["index.astro", "[slug].astro"])), "[...slug].astro"]),
    dir("content", [...collections.map((c) => dir(c)), "config.ts"]),
    dir("layouts", ["Base.astro"]),
    dir("components", ["Header.astro", "Footer.astro", "ContactForm.astro"]),
    dir("styles", ["global.css"]),
  ]);
}

function goOperator(i: LayoutInput): Node {
  const kinds = i.entities.map((e) => e.name);
  return dir("src", [
    dir("cmd", ["main.go"]),
    dir("api/v1alpha1", ["groupversion_info.go", ...kinds.map((k) => `${snake(k)}_types.go`)]),
    dir("internal", [dir("controller", [...kinds.map((k) => `${snake(k)}_controller.go`), "suite_test.go"]), dir("storage", ["s3.go"])]),
    dir("config", [dir("crd"), dir("rbac", ["role.yaml"]), dir("manager", ["manager.yaml"])]),
    dir("charts/operator", ["Chart.yaml", "values.yaml"]),
  ]);
}

function nodeWeb(i: LayoutInput): Node {
  const mods = groupModules(i.entities).slice(0, 8);
  const rt = getSlot(i.plan, "realtime");
  const queue = getSlot(i.plan, "queue");
  const pay = getSlot(i.plan, "payments") && kebab(payProvider(i.plan));
  const resources = i.entities.filter((e) => !["User", "AuditEvent", "AnswerOption"].includes(e.name)).slice(0, 6);
  const integrations = [pay && `${pay}.ts`, getSlot(i.plan, "fhir") && "fhir-client.ts", getSlot(i.plan, "storage") && "object-storage.ts", getSlot(i.plan, "sso") && "oidc.ts"].filter(Boolean) as string[];
  const next = /next\.js/i.test(i.plan.framework.choice);
  const app = next
    ? dir("app", [
        "layout.tsx",
        "page.tsx",
        ...resources.slice(0, 4).map((e) => dir(resourcePath(e.name), ["page.tsx"])),
        dir("api", [
          dir("v1", resources.map((e) => dir(resourcePath(e.name), ["route.ts"]))),
          pay && dir(`webhooks/${pay}`, ["route.ts"]),
          dir("health", ["route.ts"]),
        ]),
      ])
    : dir("http", ["server.ts", dir("routes", resources.map((e) => `${resourcePath(e.name)}.ts`))]);
  return dir("src", [
    app,
    dir("modules", mods.map((m) => dir(m.name, [`${m.name}.service.ts`, `${m.name}.repository.ts`, `${m.name}.schema.ts`]))),
    rt && dir("realtime", ["gateway.ts", "rooms.ts", "events.ts"]),
    queue && dir("jobs", ["worker.ts", ...(pay ? [`process-${pay}-event.ts`] : []), ...(getSlot(i.plan, "fhir") ? ["sync-to-ehr.ts"] : [])]),
    integrations.length > 0 && dir("integrations", integrations),
    dir("lib", ["db.ts", "auth.ts", "env.ts", "logger.ts", ...(i.traits.has("markdown") ? ["markdown.ts"] : [])]),
    /prisma/i.test(i.plan.database.choice) && dir("db", ["schema.prisma", dir("migrations")]),
  ]);
}

function pythonWeb(i: LayoutInput): Node {
  const pkg = pkgName(i.name);
  const mods = moduleNames(i.entities);
  if (/django/i.test(i.plan.framework.choice)) {
    return dir("src", [
      "manage.py",
      dir(pkg, ["__init__.py", "settings.py", "urls.py", "asgi.py"]),
      ...mods.map((m) => dir(snake(m), ["__init__.py", "models.py", "views.py", "serializers.py", "urls.py", "admin.py", dir("migrations", ["__init__.py"])])),
      dir("templates", ["base.html"]),
    ]);
  }
  return dir("src", [
    dir(pkg, [
      "__init__.py",
      "main.py",
      "settings.py",
      dir("api", ["__init__.py", dir("v1", ["__init__.py", ...mods.map((m) => `${snake(m)}.py`)]), getSlot(i.plan, "payments") && "webhooks.py"]),
      dir("modules", mods.map((m) => dir(snake(m), ["__init__.py", "models.py", "schemas.py", "service.py"]))),
      getSlot(i.plan, "realtime") && dir("realtime", ["__init__.py", "ws.py"]),
      getSlot(i.plan, "queue") && dir("workers", ["__init__.py", "tasks.py"]),
      dir("db", ["__init__.py", "session.py", dir("migrations", ["env.py", dir("versions")])]),
    ]),
    getSlot(i.plan, "frontend") && dir("web", ["index.html", dir("src", ["main.tsx", "api-client.ts"])]),
  ]);
}

function goWeb(i: LayoutInput): Node {
  const mods = moduleNames(i.entities);
  return dir("src", [
    dir("cmd", [dir("server", ["main.go"]), getSlot(i.plan, "queue") && dir("worker", ["main.go"])]),
    dir("internal", [
      ...mods.map((m) => dir(snake(m).replace(/_/g, ""), ["handler.go", "service.go", "store.go"])),
      getSlot(i.plan, "realtime") && dir("realtime", ["hub.go", "client.go"]),
      dir("platform", [dir("db", ["db.go"]), dir("auth", ["auth.go"]), dir("httpx", ["middleware.go"])]),
    ]),
    dir("migrations", ["0001_init.up.sql", "0001_init.down.sql"]),
    getSlot(i.plan, "frontend") && dir("web", ["index.html", dir("src", ["main.tsx"])]),
  ]);
}

function jvmWeb(i: LayoutInput): Node {
  const pkg = snake(i.name).replace(/_/g, "");
  const mods = groupModules(i.entities).slice(0, 8);
  return dir("src", [
    dir("main", [
      dir(`kotlin/com/example/${pkg}`, [
        "Application.kt",
        ...mods.map((m) => dir(m.name.replace(/-/g, ""), [...m.entities.slice(0, 3).map((e) => `${e.name}.kt`), `${pascal(m.name)}Controller.kt`, `${pascal(m.name)}Service.kt`])),
      ]),
      dir("resources", ["application.yml", dir("db/migration", ["V1__init.sql"])]),
    ]),
    dir("test/kotlin"),
  ]);
}

function railsWeb(i: LayoutInput): Node {
  const es = i.entities.slice(0, 8);
  return dir("src", [
    dir("app", [
      dir("models", es.map((e) => `${snake(e.name)}.rb`)),
      dir("controllers/api/v1", es.slice(0, 6).map((e) => `${snake(resourcePath(e.name))}_controller.rb`)),
      dir("jobs"),
      getSlot(i.plan, "realtime") && dir("channels", ["application_cable.rb"]),
      dir("views"),
    ]),
    dir("config", ["routes.rb"]),
    dir("db/migrate"),
  ]);
}

function laravelWeb(i: LayoutInput): Node {
  const es = i.entities.slice(0, 8);
  return dir("src", [
    dir("app", [dir("Models", es.map((e) => `${e.name}.php`)), dir("Http/Controllers/Api/V1", es.slice(0, 6).map((e) => `${e.name}Controller.php`)), dir("Jobs")]),
    dir("database/migrations"),
    dir("routes", ["api.php", "web.php"]),
  ]);
}

function dotnetWeb(i: LayoutInput): Node {
  const n = pascal(i.name);
  const mods = groupModules(i.entities).slice(0, 8);
  return dir("src", [
    dir(`${n}.Api`, ["Program.cs", dir("Endpoints", mods.map((m) => `${pascal(m.name)}Endpoints.cs`))]),
    dir(`${n}.Domain`, mods.map((m) => dir(pascal(m.name), m.entities.slice(0, 3).map((e) => `${e.name}.cs`)))),
    dir(`${n}.Infrastructure`, [dir("Data", ["AppDbContext.cs"]), dir("Migrations")]),
  ]);
}

function rustWeb(i: LayoutInput): Node {
  const mods = moduleNames(i.entities);
  return dir("src", ["main.rs", "db.rs", "error.rs", dir("routes", ["mod.rs", ...mods.map((m) => `${snake(m)}.rs`)]), dir("domain", ["mod.rs", ...mods.map((m) => `${snake(m)}.rs`)])]);
}

function elixirWeb(i: LayoutInput): Node {
  const app = pkgName(i.name);
  const mods = groupModules(i.entities).slice(0, 8);
  return dir("src", [
    dir("lib", [
      dir(app, [...mods.map((m) => dir(snake(m.name), m.entities.slice(0, 3).map((e) => `${snake(e.name)}.ex`))), "repo.ex"]),
      dir(`${app}_web`, ["router.ex", dir("live"), getSlot(i.plan, "realtime") && dir("channels", ["game_channel.ex"])]),
    ]),
    dir("priv/repo/migrations"),
  ]);
}

function cli(i: LayoutInput): Node {
  const bin = kebab(i.name.replace(/\b(cli|tool)\b/gi, "").trim()) || "app";
  const mods = moduleNames(i.entities);
  switch (i.plan.family) {
    case "go":
      return dir("src", [
        dir(`cmd/${bin}`, ["main.go"]),
        dir("internal", [dir("commands", ["root.go", ...i.commands.map((c) => `${c}.go`)]), dir("core", mods.map((m) => `${snake(m)}.go`)), dir("config", ["config.go"]), dir("store", ["sqlite.go"])]),
      ]);
    case "python": {
      const pkg = pkgName(bin);
      return dir("src", [dir(pkg, ["__init__.py", "cli.py", dir("commands", ["__init__.py", ...i.commands.map((c) => `${c}.py`)]), dir("core", ["__init__.py", ...mods.map((m) => `${snake(m)}.py`)]), "config.py"])]);
    }
    case "rust":
      return dir("src", ["main.rs", "cli.rs", dir("commands", ["mod.rs", ...i.commands.map((c) => `${c}.rs`)]), dir("core", ["mod.rs"]), "config.rs"]);
    default:
      return dir("src", ["cli.ts", dir("commands", i.commands.map((c) => `${c}.ts`)), dir("core", mods.map((m) => `${camel(m)}.ts`)), dir("config", ["config.ts"])]);
  }
}

const WEB: Partial<Record<StackPlan["family"], (i: LayoutInput) => Node>> = { python: pythonWeb, go: goWeb, jvm: jvmWeb, ruby: railsWeb, php: laravelWeb, dotnet: dotnetWeb, rust: rustWeb, elixir: elixirWeb };

export function directoryTree(i: LayoutInput): string {
  const root = i.traits.has("cli") ? cli(i) : i.traits.has("k8s_operator") && i.plan.family === "go" ? goOperator(i) : /astro/i.test(i.plan.framework.choice) ? astroSite(i) : (WEB[i.plan.family] ?? nodeWeb)(i);
  return render(root).join("\n");
}
