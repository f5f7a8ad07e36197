CREATE EXTENSION IF NOT EXISTS vector;
--> statement-breakpoint
CREATE TABLE "embedding_cache" (
	"provider" varchar(64) NOT NULL,
	"model" varchar(255) NOT NULL,
	"dimensions" integer NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"embedding" vector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedding_cache_provider_model_dimensions_content_hash_pk" PRIMARY KEY("provider","model","dimensions","content_hash")
);
--> statement-breakpoint
CREATE TABLE "knowledge_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"knowledge_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"position" integer NOT NULL,
	"content" text NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"tokens" integer NOT NULL,
	"source_hash" varchar(64) NOT NULL,
	"edited_at" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"ts_config" "regconfig" NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector("ts_config", "context" || ' ' || "content")) STORED,
	"embedding" vector,
	"embedding_dimensions" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_files" (
	"source_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"knowledge_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"title" varchar(255) NOT NULL,
	"text" text,
	"qa" jsonb,
	"url" text,
	"max_pages" integer,
	"file_name" varchar(255),
	"file_size" integer,
	"refresh" varchar(16) DEFAULT 'never' NOT NULL,
	"next_refresh_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"generation" integer DEFAULT 1 NOT NULL,
	"ingested_generation" integer DEFAULT 0 NOT NULL,
	"content_hash" varchar(64),
	"chars" integer DEFAULT 0 NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"last_hit_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"diff" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_ingested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" varchar(16) NOT NULL,
	"embedding_provider" varchar(64) NOT NULL,
	"embedding_model" varchar(255) NOT NULL,
	"embedding_dimensions" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_knowledge_id_knowledges_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_knowledge_id_knowledges_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."knowledges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledges" ADD CONSTRAINT "knowledges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledges" ADD CONSTRAINT "knowledges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunks_source_id_position_index" ON "knowledge_chunks" USING btree ("source_id","position");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_knowledge_id_index" ON "knowledge_chunks" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_knowledge_id_index" ON "knowledge_sources" USING btree ("knowledge_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_team_id_index" ON "knowledge_sources" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "knowledge_sources_next_refresh_at_index" ON "knowledge_sources" USING btree ("next_refresh_at") WHERE "knowledge_sources"."next_refresh_at" is not null;--> statement-breakpoint
CREATE INDEX "knowledges_team_id_name_index" ON "knowledges" USING btree ("team_id","name");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_tsv_index" ON "knowledge_chunks" USING gin ("tsv");--> statement-breakpoint
-- The embedded lexical embedder's vectors (384 dimensions); another dimension gets its index when a
-- knowledge first uses it (server/knowledge/vector-index.ts).
CREATE INDEX "knowledge_chunks_embedding_384_index" ON "knowledge_chunks" USING hnsw (("embedding"::vector(384)) vector_cosine_ops) WHERE "embedding_dimensions" = 384;
