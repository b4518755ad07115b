// Technologies a person may name ("strong in React", "use MySQL instead of
// PostgreSQL", "host on AWS"), with the family or slot each one decides.
import type { Family } from "./family-profiles";

export type TechKind = "family" | "framework" | "database" | "hosting" | "service";

export interface Tech {
  id: string;
  label: string;
  kind: TechKind;
  /** Regex source; case-sensitive when `caseSensitive`. */
  pattern: string;
  caseSensitive?: boolean;
  family?: Family;
  /** For frameworks: the framework string to use. */
  framework?: string;
  note?: string;
}

export const TECHS: Tech[] = [
  // Frameworks first: naming one implies its family.
  { id: "nextjs", label: "Next.js", kind: "framework", pattern: "next\\.?js|nextjs", family: "node", framework: "Next.js 16 (App Router)" },
  { id: "react", label: "React", kind: "framework", pattern: "React(?! Native)|react\\.?js", caseSensitive: true, family: "node", framework: "Next.js 16 (App Router)" },
  { id: "vue", label: "Vue", kind: "framework", pattern: "vue(?:\\.js)?|nuxt", family: "node", framework: "Nuxt 4 (Vue 3)" },
  { id: "svelte", label: "Svelte", kind: "framework", pattern: "svelte(?:kit)?", family: "node", framework: "SvelteKit 2" },
  { id: "angular", label: "Angular", kind: "framework", pattern: "angular", family: "node", framework: "Angular 20 with a NestJS API" },
  { id: "remix", label: "Remix", kind: "framework", pattern: "remix|react router 7", family: "node", framework: "React Router 7 (Remix)" },
  { id: "nestjs", label: "NestJS", kind: "framework", pattern: "nest\\.?js", family: "node", framework: "NestJS 11" },
  { id: "express", label: "Express", kind: "framework", pattern: "express\\.?js|express (?:api|server|backend)", family: "node", framework: "Express 5" },
  { id: "fastify", label: "Fastify", kind: "framework", pattern: "fastify", family: "node", framework: "Fastify 5" },
  { id: "django", label: "Django", kind: "framework", pattern: "django", family: "python", framework: "Django 5.2 with Django REST Framework" },
  { id: "fastapi", label: "FastAPI", kind: "framework", pattern: "fast ?api", family: "python", framework: "FastAPI" },
  { id: "flask", label: "Flask", kind: "framework", pattern: "flask", family: "python", framework: "Flask 3" },
  { id: "rails", label: "Rails", kind: "framework", pattern: "rails|ruby on rails", family: "ruby", framework: "Ruby on Rails 8" },
  { id: "laravel", label: "Laravel", kind: "framework", pattern: "laravel", family: "php", framework: "Laravel 12" },
  { id: "symfony", label: "Symfony", kind: "framework", pattern: "symfony", family: "php", framework: "Symfony 7" },
  { id: "spring", label: "Spring Boot", kind: "framework", pattern: "spring boot|spring framework", family: "jvm", framework: "Spring Boot 3" },
  { id: "aspnet", label: "ASP.NET Core", kind: "framework", pattern: "asp\\.net(?: core)?|blazor", family: "dotnet", framework: "ASP.NET Core 9" },
  { id: "phoenix", label: "Phoenix", kind: "framework", pattern: "phoenix (?:framework|liveview)|liveview|elixir phoenix", family: "elixir", framework: "Phoenix 1.8 with LiveView" },
  { id: "axum", label: "Axum", kind: "framework", pattern: "axum", family: "rust", framework: "Axum" },
  { id: "gin", label: "Gin", kind: "framework", pattern: "gin(?: framework)?(?= |$)", family: "go", framework: "Gin" },
  // Languages.
  { id: "typescript", label: "TypeScript", kind: "family", pattern: "typescript|javascript|node(?:\\.js)?|\\bts\\b|\\bjs\\b", family: "node" },
  { id: "python", label: "Python", kind: "family", pattern: "python", family: "python" },
  { id: "go", label: "Go", kind: "family", pattern: "golang|(?:in|with|use|using|to|know|prefer|switch to|write|written in|rewrite in|team knows|strong in|an?)\\s+Go(?![A-Za-z])(?! away| live| ahead| back)|^Go(?= )", caseSensitive: true, family: "go" },
  { id: "kotlin", label: "Kotlin", kind: "family", pattern: "kotlin|java(?!script)|jvm", family: "jvm" },
  { id: "ruby", label: "Ruby", kind: "family", pattern: "ruby", family: "ruby" },
  { id: "php", label: "PHP", kind: "family", pattern: "php", family: "php" },
  { id: "csharp", label: "C#/.NET", kind: "family", pattern: "c#|\\.net|dotnet|csharp", family: "dotnet" },
  { id: "rust", label: "Rust", kind: "family", pattern: "rust(?!ic)", family: "rust" },
  { id: "elixir", label: "Elixir", kind: "family", pattern: "elixir|erlang", family: "elixir" },
  // Databases.
  { id: "postgres", label: "PostgreSQL", kind: "database", pattern: "postgres(?:ql)?|supabase|neon" },
  { id: "mysql", label: "MySQL", kind: "database", pattern: "mysql|mariadb|planetscale" },
  { id: "sqlite", label: "SQLite", kind: "database", pattern: "sqlite|libsql|turso" },
  { id: "mongodb", label: "MongoDB", kind: "database", pattern: "mongo(?:db)?" },
  { id: "sqlserver", label: "SQL Server", kind: "database", pattern: "sql server|mssql|azure sql" },
  { id: "dynamodb", label: "DynamoDB", kind: "database", pattern: "dynamo(?:db)?" },
  { id: "firestore", label: "Firestore", kind: "database", pattern: "firestore|firebase" },
  // Hosting.
  { id: "aws", label: "AWS", kind: "hosting", pattern: "aws|amazon web services|ecs|fargate|lambda" },
  { id: "gcp", label: "Google Cloud", kind: "hosting", pattern: "gcp|google cloud|cloud run" },
  { id: "azure", label: "Azure", kind: "hosting", pattern: "azure(?! ad)" },
  { id: "vercel", label: "Vercel", kind: "hosting", pattern: "vercel" },
  { id: "fly", label: "Fly.io", kind: "hosting", pattern: "fly\\.io|fly" },
  { id: "render", label: "Render", kind: "hosting", pattern: "render\\.com|on render" },
  { id: "railway", label: "Railway", kind: "hosting", pattern: "railway" },
  { id: "heroku", label: "Heroku", kind: "hosting", pattern: "heroku" },
  { id: "kubernetes", label: "Kubernetes", kind: "hosting", pattern: "kubernetes|k8s|eks|gke|aks" },
  { id: "onprem", label: "on-premises", kind: "hosting", pattern: "on-?prem(?:ises)?|our own servers|self-hosted" },
  { id: "hetzner", label: "Hetzner", kind: "hosting", pattern: "hetzner" },
  { id: "cloudflare", label: "Cloudflare", kind: "hosting", pattern: "cloudflare(?: workers)?" },
  // Services one may add or drop.
  { id: "redis", label: "Redis", kind: "service", pattern: "redis|valkey", note: "cache, pub/sub and rate-limit counters" },
  { id: "stripe", label: "Stripe", kind: "service", pattern: "stripe", note: "payments with hosted card fields" },
  { id: "adyen", label: "Adyen", kind: "service", pattern: "adyen", note: "payments with hosted card fields" },
  { id: "sentry", label: "Sentry", kind: "service", pattern: "sentry", note: "error tracking and release health" },
  { id: "graphql", label: "GraphQL", kind: "service", pattern: "graphql", note: "a typed query API for clients" },
  { id: "docker", label: "Docker", kind: "service", pattern: "docker", note: "reproducible images for every environment" },
  { id: "kafka", label: "Kafka", kind: "service", pattern: "kafka", note: "a durable event log" },
  { id: "elasticsearch", label: "OpenSearch", kind: "service", pattern: "elastic(?:search)?|opensearch", note: "full-text search at scale" },
  { id: "meilisearch", label: "Meilisearch", kind: "service", pattern: "meilisearch", note: "typo-tolerant search" },
  { id: "tailwind", label: "Tailwind CSS", kind: "service", pattern: "tailwind", note: "utility-first styling" },
  { id: "react_native", label: "React Native (Expo)", kind: "service", pattern: "react native|expo (?:app|router|go)", note: "native iOS and Android apps from TypeScript" },
  { id: "flutter", label: "Flutter", kind: "service", pattern: "flutter", note: "native mobile apps from one codebase" },
  { id: "ably", label: "Ably", kind: "service", pattern: "ably|pusher", note: "managed WebSocket channels and presence" },
  { id: "s3", label: "S3 object storage", kind: "service", pattern: "s3|object storage|r2", note: "files and images outside the database" },
];

/** Where a text names the technology: the whole name, never part of a word ("Go" is not in "Google"). */
export function techPattern(tech: Tech, flags = ""): RegExp {
  return new RegExp(`(?<![A-Za-z0-9])(?:${tech.pattern})(?![A-Za-z0-9])`, tech.caseSensitive ? flags : `${flags}i`);
}
