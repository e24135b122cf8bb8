ALTER TABLE "media" ADD COLUMN "in_library" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Files already stored: those no resource offers were put in the library (uploaded there or seeded);
-- those a resource offers keep being hidden by its gate, as before.
UPDATE "media" SET "in_library" = true WHERE NOT EXISTS (SELECT 1 FROM "resources" r WHERE strpos(r."file_url", '/uploads/' || "media"."file_name") > 0);
