-- A knowledge's own HNSW index covers its chunks up to a bound (`id <= vector_index_bound`), so that
-- chunks stored later cost no graph insert (about eight times what building the graph in one go
-- costs per vector); they are searched exactly until the workers rebuild the index past them
-- (server/knowledge/vector-index.ts). Indexes from before have no bound and cover every chunk:
-- searches use them as before until the workers replace them.
ALTER TABLE "knowledges" ADD COLUMN "vector_index_bound" integer;
