-- Issue 20 item 4, decision 0076: lists read newest first by (time, id) with a cursor. The audit
-- trail's indexes end in (occurred_at, id) so a page of a patient's history, a staff member's events or
-- the whole trail is read backwards from the cursor; the dev outbox gets (created_at, id).
DROP INDEX "audit_events_patient_idx";--> statement-breakpoint
DROP INDEX "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX "audit_events_occurred_idx";--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_patient_idx" ON "audit_events" USING btree ("patient_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at","id");
