ALTER TABLE "blog_posts" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "social_image_url" text;