CREATE TABLE "billing_details" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"company_name" varchar(255),
	"address" text,
	"tax_id" varchar(64),
	"email" varchar(255),
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(255),
	"type" varchar(128),
	"team_id" integer,
	"signature_valid" boolean NOT NULL,
	"payload" text NOT NULL,
	"result" varchar(16) NOT NULL,
	"error" varchar(1000),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"remaining" integer NOT NULL,
	"source" varchar(16) DEFAULT 'purchase' NOT NULL,
	"invoice_id" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"number" varchar(32) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_invoice_id" varchar(255),
	"purpose" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"plan" varchar(32),
	"interval" varchar(8),
	"pack_code" varchar(32),
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"billed_to" jsonb NOT NULL,
	"hosted_url" varchar(2048),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"plan" varchar(32) NOT NULL,
	"interval" varchar(8) DEFAULT 'month' NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_customer_id" varchar(255),
	"provider_subscription_id" varchar(255),
	"status" varchar(16) NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"scheduled_plan" varchar(32),
	"scheduled_interval" varchar(8),
	"past_due_since" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"metric" varchar(32) NOT NULL,
	"scope" varchar(64) DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"warned_80_at" timestamp with time zone,
	"warned_100_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"metric" varchar(32) NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"status" varchar(16) NOT NULL,
	"quantity" integer NOT NULL,
	"pack_quantity" integer DEFAULT 0 NOT NULL,
	"pack_id" integer,
	"period_start" timestamp with time zone NOT NULL,
	"bot_id" integer,
	"contact_id" integer,
	"model" varchar(255),
	"source" varchar(16) NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan" varchar(32);--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "past_due_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "monthly_credit_cap" integer;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_packs" ADD CONSTRAINT "credit_packs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_events_applied_unique" ON "billing_events" USING btree ("provider","event_id") WHERE result = 'applied';--> statement-breakpoint
CREATE INDEX "billing_events_received_at_index" ON "billing_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "credit_packs_team_id_index" ON "credit_packs" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_packs_invoice_id_unique" ON "credit_packs" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_id_unique" ON "invoices" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_team_id_issued_at_index" ON "invoices" USING btree ("team_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_team_id_unique" ON "subscriptions" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_subscription_id_index" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_current_period_end_index" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_counters_unique" ON "usage_counters" USING btree ("team_id","metric","scope","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_idempotency_key_unique" ON "usage_events" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "usage_events_team_id_period_start_index" ON "usage_events" USING btree ("team_id","period_start");--> statement-breakpoint
CREATE SEQUENCE "invoice_number_seq" START 1001;
