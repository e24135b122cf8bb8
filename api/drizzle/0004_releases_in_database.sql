CREATE TABLE "release_current" (
	"remote" text PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"switched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_files" (
	"release_id" integer NOT NULL,
	"path" text NOT NULL,
	"blob_id" integer NOT NULL,
	CONSTRAINT "release_files_release_id_path_pk" PRIMARY KEY("release_id","path")
);
--> statement-breakpoint
CREATE TABLE "release_switches" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"release_id" integer NOT NULL,
	"from_release_id" integer,
	"git_commit" text NOT NULL,
	"switched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_switches_action_check" CHECK ("release_switches"."action" in ('release', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"git_commit" text NOT NULL,
	"file_count" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_current" ADD CONSTRAINT "release_current_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_switches" ADD CONSTRAINT "release_switches_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_switches" ADD CONSTRAINT "release_switches_from_release_id_releases_id_fk" FOREIGN KEY ("from_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_switches_remote_idx" ON "release_switches" USING btree ("remote","id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_remote_version_idx" ON "releases" USING btree ("remote","version");