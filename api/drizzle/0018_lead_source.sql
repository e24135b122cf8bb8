ALTER TABLE "contact_requests" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "resource_leads" ADD COLUMN "source" jsonb;