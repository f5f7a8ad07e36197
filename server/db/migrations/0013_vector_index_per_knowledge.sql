ALTER TABLE "knowledges" ADD COLUMN "vector_index_dimensions" integer;--> statement-breakpoint
-- Vectors are no longer indexed per vector length over every team's chunks: a knowledge of at least
-- a thousand embedded chunks gets an HNSW index of its own, built in one go (about five times
-- cheaper per vector than keeping a shared index up to date on every insert), and a smaller one is
-- searched exactly. Filtering a shared index by knowledge after the scan kept a third of the true
-- nearest chunks of a large tenant. The job workers build the indexes of existing knowledge bases
-- (server/knowledge/vector-index.ts).
DO $$
DECLARE
  shared record;
BEGIN
  FOR shared IN SELECT c.relname FROM pg_class c WHERE c.relkind = 'i' AND c.relname ~ '^knowledge_chunks_embedding_[0-9]+_index$' LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', shared.relname);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The planner takes pgvector's cosine distance for as cheap as an integer comparison (cost 1), so
-- it sorted a 3,000-chunk knowledge exactly (25 ms on PGlite, 15 on a server) rather than scan its
-- index (2–3 ms). 100 is about what one distance between 384-dimension vectors costs next to
-- PostgreSQL's other per-row work. Where Kawan's user does not own the extension this is skipped
-- (the searches stay right, a mid-sized knowledge slower); the workers try again (vector-index.ts).
DO $$
BEGIN
  ALTER FUNCTION cosine_distance(vector, vector) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'cosine_distance keeps its cost: %', SQLERRM;
END
$$;
