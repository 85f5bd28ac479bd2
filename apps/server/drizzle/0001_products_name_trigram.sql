-- Hand-written: menu text search is a case-insensitive "contains" over product names (G5, D5).
-- A GIN trigram index on lower(name) lets `lower(name) LIKE '%text%'` use an index at 100k+ products.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
