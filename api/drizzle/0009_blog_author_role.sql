ALTER TABLE "blog_posts" ADD COLUMN "author_role" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every post showed "Senior Strategist" under its author before the role was stored: keep that.
UPDATE "blog_posts" SET "author_role" = 'Senior Strategist';
