-- A Q&A pair's vector is made from its question and alternative phrasings now, without its answer
-- (server/knowledge/ingest.ts, embeddingText; decision 013). The stored pairs of knowledge bases on
-- the offline lexical embedder are embedded again: their vectors are cleared and their sources
-- queued, and the workers queue an ingest for each when they start (requeueStranded), which keeps
-- every chunk's id and gives the cleared ones new vectors. Full-text finds them meanwhile. Pairs
-- embedded by a remote model keep their vectors until the knowledge is re-embedded or the pair
-- edited: no paid calls without someone asking.
UPDATE knowledge_chunks AS c SET embedding = NULL
  FROM knowledges AS k
 WHERE k.id = c.knowledge_id AND k.embedding_provider = 'kawan' AND c.meta ->> 'question' IS NOT NULL;
--> statement-breakpoint
UPDATE knowledge_sources AS s
   SET generation = s.generation + 1, status = 'queued', progress = 0, error = NULL, updated_at = now()
  FROM knowledges AS k
 WHERE k.id = s.knowledge_id AND k.embedding_provider = 'kawan' AND s.type = 'qa' AND s.status = 'ready';
