CREATE TABLE "channel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"direction" varchar(16) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"signature" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"payload" text,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"message_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"bot_id" integer,
	"type" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"public_key" varchar(40) NOT NULL,
	"display_identifier" varchar(255) DEFAULT '' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_outbound_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"credential_check" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_public_key_unique" UNIQUE("public_key")
);
--> statement-breakpoint
CREATE TABLE "contact_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"channel_type" varchar(16) NOT NULL,
	"channel_id" integer,
	"external_user_id" varchar(255) NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"display_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(255),
	"phone_e164" varchar(32),
	"email" varchar(255),
	"external_id" varchar(255),
	"locale" varchar(16),
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"number" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"bot_id" integer,
	"contact_id" integer NOT NULL,
	"thread_id" varchar(255) NOT NULL,
	"state" varchar(16) DEFAULT 'bot' NOT NULL,
	"assignee_id" integer,
	"handoff_reason" varchar(32),
	"handoff_at" timestamp with time zone,
	"handoff_summary" text,
	"first_bot_reply_at" timestamp with time zone,
	"first_human_reply_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(16),
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"last_preview" varchar(255) DEFAULT '' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"inbound_count" integer DEFAULT 0 NOT NULL,
	"bot_reply_count" integer DEFAULT 0 NOT NULL,
	"human_reply_count" integer DEFAULT 0 NOT NULL,
	"fallback_count" integer DEFAULT 0 NOT NULL,
	"csat_score" smallint,
	"csat_comment" text,
	"csat_at" timestamp with time zone,
	"origin" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"direction" varchar(16) NOT NULL,
	"sender" varchar(16) NOT NULL,
	"sender_user_id" integer,
	"kind" varchar(16) DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_id" varchar(255),
	"client_id" varchar(64),
	"in_reply_to_id" integer,
	"reply_to_external_id" varchar(255),
	"status" varchar(16) NOT NULL,
	"error" jsonb,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"ai" jsonb,
	"feedback" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(16) NOT NULL,
	"status" varchar(32) NOT NULL,
	"category" varchar(32) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_events" ADD CONSTRAINT "channel_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_identities" ADD CONSTRAINT "contact_identities_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_events_unique" ON "channel_events" USING btree ("channel_id","direction","event_id");--> statement-breakpoint
CREATE INDEX "channel_events_channel_id_id_index" ON "channel_events" USING btree ("channel_id","id");--> statement-breakpoint
CREATE INDEX "channels_team_id_index" ON "channels" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "channels_bot_id_index" ON "channels" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_identities_unique" ON "contact_identities" USING btree ("team_id","channel_type","external_user_id");--> statement-breakpoint
CREATE INDEX "contact_identities_contact_id_index" ON "contact_identities" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_team_id_index" ON "contacts" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_team_id_number_unique" ON "conversations" USING btree ("team_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_open_thread_unique" ON "conversations" USING btree ("channel_id","thread_id") WHERE state <> 'resolved';--> statement-breakpoint
CREATE INDEX "conversations_team_id_last_message_at_index" ON "conversations" USING btree ("team_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_channel_id_thread_id_index" ON "conversations" USING btree ("channel_id","thread_id");--> statement-breakpoint
CREATE INDEX "conversations_contact_id_index" ON "conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_channel_id_direction_external_id_unique" ON "messages" USING btree ("channel_id","direction","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_in_reply_to_id_unique" ON "messages" USING btree ("in_reply_to_id") WHERE sender = 'bot';--> statement-breakpoint
CREATE INDEX "messages_conversation_id_id_index" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_team_id_created_at_index" ON "messages" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_unique" ON "whatsapp_templates" USING btree ("channel_id","name","language");