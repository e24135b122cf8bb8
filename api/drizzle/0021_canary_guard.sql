CREATE TABLE "canary_counts" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "canary_counts_remote_version_minute_pk" PRIMARY KEY("remote","version","minute")
);
--> statement-breakpoint
CREATE TABLE "canary_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"live_version" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "canary_runs_running_idx" ON "canary_runs" USING btree ("remote") WHERE "canary_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "canary_runs_remote_idx" ON "canary_runs" USING btree ("remote","id");