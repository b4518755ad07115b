// Technology names the tagger should read as names, not as verbs or adjectives
// ("React", "Go", "Express"): a person's sentence about their stack is then parsed
// as "we know <name>, <name> and <name>".
export const TECH_WORDS = [
  "TypeScript", "JavaScript", "React", "Python", "Django", "FastAPI", "Flask", "Go", "Golang", "Rust", "Java", "Kotlin",
  "Ruby", "Rails", "PHP", "Laravel", "Symfony", "Elixir", "Phoenix", "Swift", "Vue", "Nuxt", "Svelte", "SvelteKit",
  "Angular", "Express", "Fastify", "NestJS", "Node", "PostgreSQL", "Postgres", "PostGIS", "MySQL", "MariaDB", "SQLite",
  "MongoDB", "Redis", "Kubernetes", "K8s", "Docker", "AWS", "Azure", "GCP", "Vercel", "Heroku", "Stripe", "Kafka",
  "GraphQL", "Flutter", "Expo", "Tailwind", "Firebase", "Supabase", "Terraform", "Celery", "Sentry", "Elasticsearch",
  "OpenSearch", "Meilisearch", "Hetzner", "Cloudflare", "Fly.io", "Render", "Railway", "DynamoDB", "Firestore",
];
