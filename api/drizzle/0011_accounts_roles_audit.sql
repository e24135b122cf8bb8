CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "editing_presence" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"actor_key" text NOT NULL,
	"actor_name" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editing_presence_entity_type_entity_id_actor_key_pk" PRIMARY KEY("entity_type","entity_id","actor_key")
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"set_password_token" text,
	"set_password_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'editor'))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "actor_name" text;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_lower_idx" ON "staff_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_set_password_token_idx" ON "staff_users" USING btree ("set_password_token");--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;