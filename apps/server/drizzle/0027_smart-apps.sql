CREATE TABLE "smart_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"clinic_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_authorization_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"state" text NOT NULL,
	"code_challenge" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"user_id" uuid,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_used_at" timestamp with time zone,
	"grant_id" uuid
);
--> statement-breakpoint
CREATE TABLE "smart_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "smart_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "smart_apps" ADD CONSTRAINT "smart_apps_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorization_requests" ADD CONSTRAINT "smart_authorization_requests_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_authorization_requests" ADD CONSTRAINT "smart_authorization_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_grants" ADD CONSTRAINT "smart_grants_app_id_smart_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."smart_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_grants" ADD CONSTRAINT "smart_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_tokens" ADD CONSTRAINT "smart_tokens_grant_id_smart_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."smart_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_apps_client_id_unique" ON "smart_apps" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_authorization_requests_code_unique" ON "smart_authorization_requests" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "smart_grants_user_idx" ON "smart_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_tokens_hash_unique" ON "smart_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "smart_tokens_grant_idx" ON "smart_tokens" USING btree ("grant_id");