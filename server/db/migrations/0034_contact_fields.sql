CREATE TABLE "contact_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"label" varchar(40) NOT NULL,
	"type" varchar(16) NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_team_id_key_unique" ON "contact_fields" USING btree ("team_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_team_id_label_unique" ON "contact_fields" USING btree ("team_id",lower("label"));