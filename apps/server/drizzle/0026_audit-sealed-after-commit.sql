CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seal_seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seal_seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seal_idx" ON "audit_events" USING btree ("seal_seq");--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("id") WHERE "audit_events"."hash" is null;--> statement-breakpoint
-- Decision 0077: the chain is sealed after commit. A change's transaction inserts its rows with no
-- seal_seq, prev_hash or hash and takes no lock; the sealer (platform/audit/audit-sealer.ts) gives each
-- committed row the next seal_seq and its hash, one pass at a time per database. The rows written so
-- far were chained in id order by audit_append under the lock: that order becomes their seal_seq, and
-- their hashes stay valid (the hash covers the id, the fields and prev_hash, not the seal_seq).
DROP TRIGGER "audit_events_no_update_delete" ON "audit_events";--> statement-breakpoint
UPDATE "audit_events" SET "seal_seq" = "id";--> statement-breakpoint
-- A row is either unsealed (all three null) or sealed (all three set).
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_sealed_whole" CHECK (
	("seal_seq" IS NULL AND "prev_hash" IS NULL AND "hash" IS NULL)
	OR ("seal_seq" IS NOT NULL AND "prev_hash" IS NOT NULL AND "hash" IS NOT NULL)
);--> statement-breakpoint
-- The one update the trail allows: sealing an unsealed row, with none of its fields changed. A sealed
-- row can never change again; no row can be deleted.
CREATE FUNCTION "audit_events_only_seal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF OLD."hash" IS NULL AND NEW."hash" IS NOT NULL
			AND (NEW."id", NEW."occurred_at", NEW."actor_user_id", NEW."acting_for_user_id", NEW."patient_id",
				NEW."resource_type", NEW."resource_id", NEW."action", NEW."outcome", NEW."request_id",
				NEW."client_address")
			IS NOT DISTINCT FROM (OLD."id", OLD."occurred_at", OLD."actor_user_id", OLD."acting_for_user_id",
				OLD."patient_id", OLD."resource_type", OLD."resource_id", OLD."action", OLD."outcome",
				OLD."request_id", OLD."client_address") THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_only_seal"();--> statement-breakpoint
-- The head only moves forward: removing the newest sealed rows cannot be hidden by moving it back.
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_one_row" CHECK ("id" = 1);--> statement-breakpoint
CREATE FUNCTION "audit_chain_head_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW."id" = OLD."id" AND NEW."seal_seq" > OLD."seal_seq" THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_chain_head only moves forward: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_forward" BEFORE UPDATE OR DELETE ON "audit_chain_head" FOR EACH ROW EXECUTE FUNCTION "audit_chain_head_forward_only"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_head_no_truncate" BEFORE TRUNCATE ON "audit_chain_head" FOR EACH STATEMENT EXECUTE FUNCTION "audit_chain_head_forward_only"();--> statement-breakpoint
INSERT INTO "audit_chain_head" ("id", "seal_seq", "hash")
	SELECT 1, "seal_seq", "hash" FROM "audit_events" ORDER BY "seal_seq" DESC LIMIT 1;--> statement-breakpoint
-- The writer: one statement, no lock, no head read, no hash. The rows join the change's transaction
-- and commit or roll back with it.
DROP FUNCTION "audit_append"(jsonb, timestamptz);--> statement-breakpoint
CREATE FUNCTION "audit_append"("events" jsonb, "occurred" timestamptz) RETURNS integer
LANGUAGE sql VOLATILE AS $$
	WITH "appended" AS (
		INSERT INTO "audit_events" (
			"occurred_at", "actor_user_id", "acting_for_user_id", "patient_id", "resource_type",
			"resource_id", "action", "outcome", "request_id", "client_address"
		)
		SELECT "occurred", "e"."actorUserId", "e"."actingForUserId", "e"."patientId", "e"."resourceType",
			"e"."resourceId", "e"."action", "e"."outcome", "e"."requestId", "e"."clientAddress"
		FROM jsonb_to_recordset("events") AS "e"(
			"actorUserId" uuid, "actingForUserId" uuid, "patientId" uuid, "resourceType" text,
			"resourceId" text, "action" text, "outcome" text, "requestId" text, "clientAddress" text
		)
		RETURNING 1
	)
	SELECT count(*)::integer FROM "appended";
$$;
