CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_identifier" text NOT NULL,
	"device_type" text NOT NULL,
	"device_token" text,
	"push_endpoint" text,
	"push_p256dh" text,
	"push_auth" text,
	"ticket_hash" text,
	"ticket_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_identifier_unique" ON "devices" USING btree ("user_id","device_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_push_endpoint_unique" ON "devices" USING btree ("push_endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_ticket_hash_unique" ON "devices" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id","updated_at");