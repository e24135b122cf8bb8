-- What changed in a release (the commit subject at release time), shown in the CMS's Releases tab.
-- Releases stored before have none: the tab shows them without it.
ALTER TABLE "releases" ADD COLUMN "subject" text;
