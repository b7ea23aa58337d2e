-- Issue 20 item 3, decision 0070: a version per provider for the slot-search cache. Statement-level
-- triggers raise it in the statement (so the transaction) that writes what a slot search reads of
-- that provider: appointments (book, cancel, reschedule), slot holds (freeze, release, sweep), time
-- off and weekly hours. No code path can forget the bump, and a rolled-back booking rolls it back.
-- The offer itself (duration, time zone, booking dates, bookable flags) is read live on every search.
CREATE TABLE "provider_slot_versions" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- One upsert per statement, providers in id order (two writers touching the same providers take
-- their row locks in the same order). The transition tables exist only for the event that fired.
CREATE FUNCTION "bump_provider_slot_versions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "provider_slot_versions" ("provider_id", "version")
		SELECT DISTINCT "provider_id", 1 FROM "new_rows" ORDER BY "provider_id"
		ON CONFLICT ("provider_id") DO UPDATE SET "version" = "provider_slot_versions"."version" + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "provider_slot_versions" ("provider_id", "version")
		SELECT DISTINCT "provider_id", 1 FROM "old_rows" ORDER BY "provider_id"
		ON CONFLICT ("provider_id") DO UPDATE SET "version" = "provider_slot_versions"."version" + 1;
	ELSE
		INSERT INTO "provider_slot_versions" ("provider_id", "version")
		SELECT "provider_id", 1 FROM (SELECT "provider_id" FROM "new_rows" UNION SELECT "provider_id" FROM "old_rows") AS "changed"
		ORDER BY "provider_id"
		ON CONFLICT ("provider_id") DO UPDATE SET "version" = "provider_slot_versions"."version" + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_slot_version_insert" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "appointments_slot_version_update" AFTER UPDATE ON "appointments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "appointments_slot_version_delete" AFTER DELETE ON "appointments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "slot_holds_slot_version_insert" AFTER INSERT ON "slot_holds" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "slot_holds_slot_version_update" AFTER UPDATE ON "slot_holds" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "slot_holds_slot_version_delete" AFTER DELETE ON "slot_holds" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_time_off_slot_version_insert" AFTER INSERT ON "provider_time_off" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_time_off_slot_version_update" AFTER UPDATE ON "provider_time_off" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_time_off_slot_version_delete" AFTER DELETE ON "provider_time_off" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_schedules_slot_version_insert" AFTER INSERT ON "provider_schedules" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_schedules_slot_version_update" AFTER UPDATE ON "provider_schedules" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
--> statement-breakpoint
CREATE TRIGGER "provider_schedules_slot_version_delete" AFTER DELETE ON "provider_schedules" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_provider_slot_versions"();
