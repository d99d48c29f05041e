import { defineConfig } from "drizzle-kit";

// drizzle-kit does not read .env itself; db:generate needs no database, but db:studio/push do.
try {
  process.loadEnvFile();
} catch {
  // no .env: fine
}

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postloom" },
  strict: true,
  verbose: true,
});
