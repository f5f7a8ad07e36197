ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "parameter_format" varchar(16) DEFAULT 'POSITIONAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD COLUMN "components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Templates synced before: their body is all that was kept, until the next sync brings the rest.
UPDATE "whatsapp_templates" SET "components" = jsonb_build_array(jsonb_build_object('type', 'BODY', 'text', "body")) WHERE "body" <> '';
