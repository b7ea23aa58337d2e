-- Issue 19 item 1, decision 0064: one statement appends a request's events to the chain. The chain
-- lock, the head read, the ids and the insert used to be four statements (six with their own
-- transaction); a read's events now cost one round trip, a change's one statement in its transaction.
-- The function is VOLATILE, so under READ COMMITTED each query inside it takes a fresh snapshot: the
-- head is read after the lock is held (a single INSERT ... SELECT could not: its snapshot predates the
-- lock, and two writers would read the same head and fork the chain).
-- The hash is the one platform/audit/audit-chain.ts computes and audit:verify checks: SHA-256 over the
-- JSON array [id, occurredAt as an ISO instant with milliseconds, actor, acting-for, patient,
-- resource type, resource id, action, outcome, request id, client address, prev_hash] with no
-- spaces; to_json escapes a string exactly as JSON.stringify does. Change both together.
CREATE FUNCTION "audit_append"("events" jsonb, "occurred" timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	"head" text;
	"event" jsonb;
	"new_id" bigint;
	"row_hash" text;
	"appended" integer := 0;
	"at_text" text := to_char("occurred" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
	-- The same transaction-level advisory lock as before ('AUDT'): held to the end of the caller's
	-- transaction, so ids are taken in chain order and no two writers share a head.
	PERFORM pg_advisory_xact_lock(1096107092);
	SELECT "hash" INTO "head" FROM "audit_events" ORDER BY "id" DESC LIMIT 1;
	"head" := coalesce("head", repeat('0', 64));
	FOR "event" IN SELECT "value" FROM jsonb_array_elements("events") LOOP
		"new_id" := nextval('audit_events_id_seq');
		"row_hash" := encode(sha256(convert_to(
			'[' || "new_id"::text
			|| ',' || to_json("at_text")::text
			|| ',' || coalesce(to_json("event"->>'actorUserId')::text, 'null')
			|| ',' || coalesce(to_json("event"->>'actingForUserId')::text, 'null')
			|| ',' || coalesce(to_json("event"->>'patientId')::text, 'null')
			|| ',' || to_json("event"->>'resourceType')::text
			|| ',' || coalesce(to_json("event"->>'resourceId')::text, 'null')
			|| ',' || to_json("event"->>'action')::text
			|| ',' || to_json("event"->>'outcome')::text
			|| ',' || coalesce(to_json("event"->>'requestId')::text, 'null')
			|| ',' || coalesce(to_json("event"->>'clientAddress')::text, 'null')
			|| ',' || to_json("head")::text
			|| ']', 'UTF8')), 'hex');
		INSERT INTO "audit_events" (
			"id", "occurred_at", "actor_user_id", "acting_for_user_id", "patient_id", "resource_type",
			"resource_id", "action", "outcome", "request_id", "client_address", "prev_hash", "hash"
		) VALUES (
			"new_id", "occurred", ("event"->>'actorUserId')::uuid, ("event"->>'actingForUserId')::uuid,
			("event"->>'patientId')::uuid, "event"->>'resourceType', "event"->>'resourceId',
			"event"->>'action', "event"->>'outcome', "event"->>'requestId', "event"->>'clientAddress',
			"head", "row_hash"
		);
		"head" := "row_hash";
		"appended" := "appended" + 1;
	END LOOP;
	RETURN "appended";
END;
$$;
