CREATE TABLE "knowledge_gap_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"gap_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"bot_id" integer,
	"text" text NOT NULL,
	"reason" varchar(16) NOT NULL,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_gaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(500) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"embedding_provider" varchar(64) NOT NULL,
	"embedding_model" varchar(255) NOT NULL,
	"centroid" jsonb NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"conversation_count" integer DEFAULT 0 NOT NULL,
	"last_asked_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answer_source_id" integer,
	"retest" jsonb,
	"retested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_gap_questions" ADD CONSTRAINT "knowledge_gap_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_questions" ADD CONSTRAINT "knowledge_gap_questions_gap_id_knowledge_gaps_id_fk" FOREIGN KEY ("gap_id") REFERENCES "public"."knowledge_gaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_questions" ADD CONSTRAINT "knowledge_gap_questions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_questions" ADD CONSTRAINT "knowledge_gap_questions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_questions" ADD CONSTRAINT "knowledge_gap_questions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gaps" ADD CONSTRAINT "knowledge_gaps_answer_source_id_knowledge_sources_id_fk" FOREIGN KEY ("answer_source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_gap_questions_message_id_unique" ON "knowledge_gap_questions" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "knowledge_gap_questions_gap_id_asked_at_index" ON "knowledge_gap_questions" USING btree ("gap_id","asked_at");--> statement-breakpoint
CREATE INDEX "knowledge_gap_questions_conversation_id_index" ON "knowledge_gap_questions" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "knowledge_gaps_team_id_status_conversation_count_index" ON "knowledge_gaps" USING btree ("team_id","status","conversation_count");