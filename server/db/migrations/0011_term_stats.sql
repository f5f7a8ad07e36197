CREATE TABLE "knowledge_terms" (
	"knowledge_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "knowledge_terms_knowledge_id_lexeme_pk" PRIMARY KEY("knowledge_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "knowledges" ADD COLUMN "term_stats_chunks" integer;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_knowledge_id_knowledges_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledges"("id") ON DELETE cascade ON UPDATE no action;