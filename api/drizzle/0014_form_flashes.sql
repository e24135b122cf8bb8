CREATE TABLE "form_flashes" (
	"id" text PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"digest" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_flashes_digest_idx" ON "form_flashes" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "form_flashes_expires_idx" ON "form_flashes" USING btree ("expires_at");