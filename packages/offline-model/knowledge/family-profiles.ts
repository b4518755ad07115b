// One coherent toolchain per language family: framework, ORM, test runner, queue,
// WebSocket layer, OIDC library, ... Choosing the family picks all of them together, so a
// Python project never ends up with Prisma or a Go project with vitest.

export type Family = "node" | "python" | "go" | "jvm" | "ruby" | "php" | "dotnet" | "rust" | "elixir";

export interface FamilyProfile {
  language: string;
  runtime: string;
  webFramework: string;
  cliFramework: string;
  testRunner: string;
  packageManager: string;
  e2e: string;
  /** ORM / query layer and migration tool for a SQL database. */
  orm: string;
  migrations: string;
  realtime: string;
  queue: string;
  oidc: string;
  markdown: string;
  fhir: string;
  ai: string;
  lint: string;
  /** Developer commands for the permission audit (the skill report's permissions in the walkthrough). */
  commands: string[];
  strengths: string;
}

export const FAMILIES: Record<Family, FamilyProfile> = {
  node: {
    language: "TypeScript",
    runtime: "Node.js 22 LTS",
    webFramework: "Next.js 16 (App Router)",
    cliFramework: "Commander.js",
    testRunner: "Vitest",
    packageManager: "pnpm",
    e2e: "Playwright",
    orm: "Prisma ORM",
    migrations: "Prisma Migrate",
    realtime: "Socket.IO (Redis adapter once the gateway scales out)",
    queue: "pg-boss (jobs stored in PostgreSQL)",
    oidc: "Auth.js with the company's OIDC provider",
    markdown: "remark/rehype with rehype-sanitize",
    fhir: "fhir-kit-client with @types/fhir R4 types",
    ai: "Vercel AI SDK with a hosted model behind a provider interface",
    lint: "ESLint + typescript-eslint",
    commands: ["pnpm test", "pnpm lint", "pnpm build", "pnpm exec tsc --noEmit"],
    strengths: "one language from database to UI, strict types end to end and the largest hiring pool",
  },
  python: {
    language: "Python 3.13",
    runtime: "CPython 3.13",
    webFramework: "FastAPI",
    cliFramework: "Typer",
    testRunner: "pytest",
    packageManager: "uv",
    e2e: "Playwright for Python",
    orm: "SQLAlchemy 2.0",
    migrations: "Alembic",
    realtime: "FastAPI WebSockets with Redis pub/sub",
    queue: "Celery with Redis",
    oidc: "Authlib (OIDC) with the company identity provider",
    markdown: "markdown-it-py with nh3 sanitising",
    fhir: "fhir.resources (pydantic R4 models) over httpx",
    ai: "OpenAI or Anthropic SDK behind a provider interface (pydantic-validated outputs)",
    lint: "Ruff + mypy",
    commands: ["uv run pytest", "uv run ruff check .", "uv run mypy ."],
    strengths: "the strongest data and ML ecosystem and readable code for a small team",
  },
  go: {
    language: "Go 1.24",
    runtime: "Go 1.24 (static binary)",
    webFramework: "Go net/http with chi",
    cliFramework: "Cobra",
    testRunner: "go test",
    packageManager: "Go modules",
    e2e: "Playwright",
    orm: "sqlc over pgx",
    migrations: "golang-migrate",
    realtime: "coder/websocket with Redis pub/sub",
    queue: "River (jobs stored in PostgreSQL)",
    oidc: "coreos/go-oidc",
    markdown: "goldmark with bluemonday",
    fhir: "typed FHIR R4 structs generated from the StructureDefinitions",
    ai: "the provider's Go SDK behind an interface",
    lint: "golangci-lint",
    commands: ["go test ./...", "go vet ./...", "golangci-lint run"],
    strengths: "a single static binary, low memory and simple concurrency",
  },
  jvm: {
    language: "Kotlin 2",
    runtime: "JVM 21 (Temurin)",
    webFramework: "Spring Boot 3",
    cliFramework: "Picocli",
    testRunner: "JUnit 5",
    packageManager: "Gradle",
    e2e: "Playwright for Java",
    orm: "Spring Data JPA (Hibernate)",
    migrations: "Flyway",
    realtime: "Spring WebSocket (STOMP) with a Redis relay",
    queue: "JobRunr",
    oidc: "Spring Security OAuth2 client",
    markdown: "commonmark-java with the OWASP HTML sanitizer",
    fhir: "HAPI FHIR client (R4)",
    ai: "Spring AI behind a service interface",
    lint: "ktlint + detekt",
    commands: ["./gradlew test", "./gradlew check", "./gradlew build"],
    strengths: "mature libraries, strong typing and first-class HL7 tooling (HAPI FHIR)",
  },
  ruby: {
    language: "Ruby 3.4",
    runtime: "Ruby 3.4 (YJIT)",
    webFramework: "Ruby on Rails 8",
    cliFramework: "Thor",
    testRunner: "RSpec",
    packageManager: "Bundler",
    e2e: "Capybara with Playwright",
    orm: "Active Record",
    migrations: "Rails migrations",
    realtime: "Action Cable",
    queue: "Solid Queue",
    oidc: "OmniAuth OpenID Connect",
    markdown: "Commonmarker with Rails' sanitizer",
    fhir: "fhir_client (R4)",
    ai: "ruby-openai behind a service object",
    lint: "RuboCop",
    commands: ["bundle exec rspec", "bundle exec rubocop", "bin/rails db:migrate"],
    strengths: "very fast CRUD delivery with conventions a small team can share",
  },
  php: {
    language: "PHP 8.4",
    runtime: "PHP-FPM 8.4",
    webFramework: "Laravel 12",
    cliFramework: "Laravel Zero",
    testRunner: "Pest",
    packageManager: "Composer",
    e2e: "Laravel Dusk",
    orm: "Eloquent",
    migrations: "Laravel migrations",
    realtime: "Laravel Reverb",
    queue: "Laravel queues on Redis",
    oidc: "Laravel Socialite with an OIDC provider",
    markdown: "league/commonmark with HTML disallowed",
    fhir: "a typed FHIR R4 client generated from the StructureDefinitions",
    ai: "the provider's PHP SDK behind a service class",
    lint: "PHPStan + Pint",
    commands: ["./vendor/bin/pest", "./vendor/bin/phpstan analyse", "php artisan migrate"],
    strengths: "batteries-included web development and cheap hosting",
  },
  dotnet: {
    language: "C# 13",
    runtime: ".NET 9",
    webFramework: "ASP.NET Core 9",
    cliFramework: "System.CommandLine",
    testRunner: "xUnit",
    packageManager: "NuGet",
    e2e: "Playwright for .NET",
    orm: "Entity Framework Core",
    migrations: "EF Core migrations",
    realtime: "SignalR",
    queue: "Hangfire",
    oidc: "Microsoft.Identity.Web / OpenID Connect middleware",
    markdown: "Markdig with HtmlSanitizer",
    fhir: "Firely .NET SDK (R4)",
    ai: "Microsoft.Extensions.AI behind an interface",
    lint: ".NET analyzers",
    commands: ["dotnet test", "dotnet build", "dotnet format --verify-no-changes"],
    strengths: "strong typing, excellent tooling and first-class Azure AD/Entra integration",
  },
  rust: {
    language: "Rust (stable)",
    runtime: "native binary",
    webFramework: "Axum",
    cliFramework: "clap",
    testRunner: "cargo test",
    packageManager: "Cargo",
    e2e: "Playwright",
    orm: "SQLx",
    migrations: "sqlx-cli migrations",
    realtime: "Axum WebSockets with Redis pub/sub",
    queue: "apalis",
    oidc: "openidconnect crate",
    markdown: "pulldown-cmark with ammonia",
    fhir: "typed FHIR R4 structs",
    ai: "an HTTP client behind a trait",
    lint: "clippy + rustfmt",
    commands: ["cargo test", "cargo clippy -- -D warnings", "cargo build --release"],
    strengths: "memory safety, speed and a single binary",
  },
  elixir: {
    language: "Elixir 1.18",
    runtime: "Erlang/OTP 27",
    webFramework: "Phoenix 1.8 with LiveView",
    cliFramework: "Mix escript",
    testRunner: "ExUnit",
    packageManager: "Mix (Hex)",
    e2e: "Wallaby",
    orm: "Ecto",
    migrations: "Ecto migrations",
    realtime: "Phoenix Channels and Presence (built in)",
    queue: "Oban",
    oidc: "Ueberauth with OIDC",
    markdown: "Earmark with HtmlSanitizeEx",
    fhir: "a typed FHIR R4 client",
    ai: "an HTTP client behind a behaviour",
    lint: "Credo + Dialyzer",
    commands: ["mix test", "mix credo", "mix format --check-formatted"],
    strengths: "soft real-time by design: millions of lightweight processes and built-in presence",
  },
};

/** Frameworks that bring their own data layer or real-time story within a family. */
const FRAMEWORK_OVERRIDES: [RegExp, Partial<FamilyProfile>][] = [
  [/django/i, { orm: "Django ORM", migrations: "Django migrations", realtime: "Django Channels with Redis", oidc: "mozilla-django-oidc" }],
  [/symfony/i, { orm: "Doctrine ORM", migrations: "Doctrine Migrations", realtime: "Mercure" }],
];

/** The family's toolchain adjusted for the chosen framework (Django → Django ORM, ...). */
export function toolchain(family: Family, framework?: string): FamilyProfile {
  const base = FAMILIES[family];
  const o = framework ? FRAMEWORK_OVERRIDES.find(([re]) => re.test(framework))?.[1] : undefined;
  return o ? { ...base, ...o } : base;
}
