-- One full-text index per text search configuration instead of one over every chunk. A search over
-- an English knowledge base reads the postings of English chunks only: a question's Indonesian
-- words (and the Indonesian translations of its English ones) are absent from that knowledge, so
-- its word statistics take them as rare, but over every team's chunks they are among the commonest
-- words, and reading their postings was most of a slow search (56,547 of 100,000 chunks for one
-- question, 16.6 of 27.4 ms; bench/retrieval). Each chunk is in exactly one of the three indexes,
-- so an insert costs what it did. retrieve() names the configuration as a constant.
CREATE INDEX "knowledge_chunks_tsv_indonesian_index" ON "knowledge_chunks" USING gin ("tsv") WHERE "ts_config" = 'indonesian'::regconfig;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_english_index" ON "knowledge_chunks" USING gin ("tsv") WHERE "ts_config" = 'english'::regconfig;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_simple_index" ON "knowledge_chunks" USING gin ("tsv") WHERE "ts_config" = 'simple'::regconfig;--> statement-breakpoint
DROP INDEX IF EXISTS "knowledge_chunks_tsv_index";
