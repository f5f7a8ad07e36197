ALTER TABLE "broadcasts" ADD COLUMN "repeat" varchar(16);--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_parent_id_broadcasts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_parent_id_scheduled_at_unique" ON "broadcasts" USING btree ("parent_id","scheduled_at") WHERE parent_id is not null;