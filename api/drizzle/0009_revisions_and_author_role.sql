CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "author_role" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
-- Every post showed "Senior Strategist" under its author before the role was stored: keep that.
UPDATE "blog_posts" SET "author_role" = 'Senior Strategist';
