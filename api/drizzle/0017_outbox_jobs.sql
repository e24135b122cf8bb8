CREATE TABLE "outbox_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"lead_type" text NOT NULL,
	"lead_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"claimed_by" text,
	CONSTRAINT "outbox_jobs_kind_check" CHECK ("outbox_jobs"."kind" in ('email', 'webhook')),
	CONSTRAINT "outbox_jobs_status_check" CHECK ("outbox_jobs"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outbox_jobs_due_idx" ON "outbox_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_jobs_lead_idx" ON "outbox_jobs" USING btree ("lead_type","lead_id","created_at");