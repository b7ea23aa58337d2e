CREATE TABLE "patient_time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_user_id" uuid NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "provider_data" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_data_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "acl_role" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_time_entries" ADD CONSTRAINT "patient_time_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_time_entries" ADD CONSTRAINT "patient_time_entries_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_time_entries" ADD CONSTRAINT "patient_time_entries_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_data" ADD CONSTRAINT "provider_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_time_entries_owner_idx" ON "patient_time_entries" USING btree ("provider_user_id","patient_user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_time_entries_running_idx" ON "patient_time_entries" USING btree ("provider_user_id","patient_user_id") WHERE "patient_time_entries"."stopped_at" is null;