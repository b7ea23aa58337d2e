-- Issue 20, decision 0075: a version per clinic for the day-schedule cache. Statement-level triggers
-- raise it in the statement (so the transaction) that writes anything the provider's day schedule
-- shows of that clinic: the appointments and their visits, check-ins, quick links, tasks, waitlist
-- entries, video rooms and presence, balances, and the clinic's departments, consultation types,
-- providers, task settings, patients' registrations and the clinic row; and the shown names, images
-- and birthdates of its providers and patients. No code path can forget the bump, and a rolled-back
-- change rolls it back.
CREATE TABLE "clinic_schedule_versions" (
	"clinic_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- TG_ARGV[0] says how a changed row names its clinic: 'clinic_id' (a column), 'appointment_id' (through
-- the appointment) or 'id' (the clinics table). One upsert per statement, clinics in id order (two
-- writers take their row locks in the same order). The transition tables exist only for the event
-- that fired, hence the query built here.
CREATE FUNCTION "bump_clinic_schedule_versions"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	changed text;
	clinics text;
BEGIN
	changed := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT * FROM "new_rows"'
		WHEN 'DELETE' THEN 'SELECT * FROM "old_rows"'
		ELSE 'SELECT * FROM "new_rows" UNION ALL SELECT * FROM "old_rows"'
	END;
	clinics := CASE TG_ARGV[0]
		WHEN 'appointment_id' THEN 'SELECT "a"."clinic_id" FROM (' || changed || ') AS "r" JOIN "appointments" AS "a" ON "a"."id" = "r"."appointment_id"'
		WHEN 'id' THEN 'SELECT "r"."id" AS "clinic_id" FROM (' || changed || ') AS "r"'
		ELSE 'SELECT "r"."clinic_id" FROM (' || changed || ') AS "r"'
	END;
	EXECUTE 'INSERT INTO "clinic_schedule_versions" ("clinic_id", "version") '
		|| 'SELECT DISTINCT "clinic_id", 1 FROM (' || clinics || ') AS "c" WHERE "clinic_id" IS NOT NULL ORDER BY "clinic_id" '
		|| 'ON CONFLICT ("clinic_id") DO UPDATE SET "version" = "clinic_schedule_versions"."version" + 1';
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A person's shown fields (name, image, birthdate) changed: every clinic where they are a provider or
-- have an appointment. Other updates of users (sign-in, password, contact data) raise nothing; a new
-- user is in no schedule yet.
CREATE FUNCTION "bump_clinic_schedule_versions_of_users"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	WITH "changed_users" AS (
		SELECT "n"."id" FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
		WHERE ("n"."first_name", "n"."last_name", "n"."image", "n"."birthdate")
			IS DISTINCT FROM ("o"."first_name", "o"."last_name", "o"."image", "o"."birthdate")
	)
	INSERT INTO "clinic_schedule_versions" ("clinic_id", "version")
	SELECT DISTINCT "clinic_id", 1 FROM (
		SELECT "p"."clinic_id" FROM "changed_users" AS "u" JOIN "providers" AS "p" ON "p"."user_id" = "u"."id"
		UNION
		SELECT "a"."clinic_id" FROM "changed_users" AS "u" JOIN "appointments" AS "a" ON "a"."patient_user_id" = "u"."id"
	) AS "c"
	ORDER BY "clinic_id"
	ON CONFLICT ("clinic_id") DO UPDATE SET "version" = "clinic_schedule_versions"."version" + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_schedule_version_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions_of_users"();
--> statement-breakpoint
CREATE TRIGGER "clinics_schedule_version_insert" AFTER INSERT ON "clinics" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('id');
--> statement-breakpoint
CREATE TRIGGER "clinics_schedule_version_update" AFTER UPDATE ON "clinics" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('id');
--> statement-breakpoint
CREATE TRIGGER "clinics_schedule_version_delete" AFTER DELETE ON "clinics" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('id');
--> statement-breakpoint
CREATE TRIGGER "appointments_schedule_version_insert" AFTER INSERT ON "appointments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "appointments_schedule_version_update" AFTER UPDATE ON "appointments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "appointments_schedule_version_delete" AFTER DELETE ON "appointments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "balance_items_schedule_version_insert" AFTER INSERT ON "balance_items" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "balance_items_schedule_version_update" AFTER UPDATE ON "balance_items" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "balance_items_schedule_version_delete" AFTER DELETE ON "balance_items" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "departments_schedule_version_insert" AFTER INSERT ON "departments" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "departments_schedule_version_update" AFTER UPDATE ON "departments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "departments_schedule_version_delete" AFTER DELETE ON "departments" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "consultation_types_schedule_version_insert" AFTER INSERT ON "consultation_types" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "consultation_types_schedule_version_update" AFTER UPDATE ON "consultation_types" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "consultation_types_schedule_version_delete" AFTER DELETE ON "consultation_types" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "providers_schedule_version_insert" AFTER INSERT ON "providers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "providers_schedule_version_update" AFTER UPDATE ON "providers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "providers_schedule_version_delete" AFTER DELETE ON "providers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "clinic_patients_schedule_version_insert" AFTER INSERT ON "clinic_patients" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "clinic_patients_schedule_version_update" AFTER UPDATE ON "clinic_patients" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "clinic_patients_schedule_version_delete" AFTER DELETE ON "clinic_patients" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "task_settings_schedule_version_insert" AFTER INSERT ON "task_settings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "task_settings_schedule_version_update" AFTER UPDATE ON "task_settings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "task_settings_schedule_version_delete" AFTER DELETE ON "task_settings" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "tasks_schedule_version_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "tasks_schedule_version_update" AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "tasks_schedule_version_delete" AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('clinic_id');
--> statement-breakpoint
CREATE TRIGGER "appointment_visits_schedule_version_insert" AFTER INSERT ON "appointment_visits" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "appointment_visits_schedule_version_update" AFTER UPDATE ON "appointment_visits" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "appointment_visits_schedule_version_delete" AFTER DELETE ON "appointment_visits" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "check_ins_schedule_version_insert" AFTER INSERT ON "check_ins" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "check_ins_schedule_version_update" AFTER UPDATE ON "check_ins" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "check_ins_schedule_version_delete" AFTER DELETE ON "check_ins" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "quick_links_schedule_version_insert" AFTER INSERT ON "quick_links" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "quick_links_schedule_version_update" AFTER UPDATE ON "quick_links" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "quick_links_schedule_version_delete" AFTER DELETE ON "quick_links" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_rooms_schedule_version_insert" AFTER INSERT ON "video_rooms" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_rooms_schedule_version_update" AFTER UPDATE ON "video_rooms" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_rooms_schedule_version_delete" AFTER DELETE ON "video_rooms" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_room_participants_schedule_version_insert" AFTER INSERT ON "video_room_participants" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_room_participants_schedule_version_update" AFTER UPDATE ON "video_room_participants" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "video_room_participants_schedule_version_delete" AFTER DELETE ON "video_room_participants" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_schedule_version_insert" AFTER INSERT ON "waitlist_entries" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_schedule_version_update" AFTER UPDATE ON "waitlist_entries" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_schedule_version_delete" AFTER DELETE ON "waitlist_entries" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_clinic_schedule_versions"('appointment_id');
