CREATE TABLE "specialties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"finish_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"comment" text,
	"external_id" text,
	"booked_by_user_id" uuid NOT NULL,
	"rescheduled_from_id" uuid,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "appointments_range" CHECK ("appointments"."finish_at" > "appointments"."start_at")
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_consultation_types" (
	"provider_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	"booking_open_date" date,
	"booking_close_date" date,
	CONSTRAINT "provider_consultation_types_provider_id_department_id_consultation_type_id_pk" PRIMARY KEY("provider_id","department_id","consultation_type_id")
);
--> statement-breakpoint
CREATE TABLE "provider_filter_options" (
	"provider_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	CONSTRAINT "provider_filter_options_provider_id_option_id_pk" PRIMARY KEY("provider_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "provider_insurances" (
	"provider_id" uuid NOT NULL,
	"insurance_id" uuid NOT NULL,
	CONSTRAINT "provider_insurances_provider_id_insurance_id_pk" PRIMARY KEY("provider_id","insurance_id")
);
--> statement-breakpoint
CREATE TABLE "provider_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"finish_at" timestamp with time zone NOT NULL,
	"reason" text,
	CONSTRAINT "provider_time_off_range" CHECK ("provider_time_off"."finish_at" > "provider_time_off"."start_at")
);
--> statement-breakpoint
CREATE TABLE "scheduling_filter_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"held_by_user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"finish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_user_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"consultation_type_id" uuid NOT NULL,
	"added_by_user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offered_slot_start_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinic_patients" ADD COLUMN "source" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "comment_length" smallint DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "is_comment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "is_show_comment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "visit_type_id" uuid;--> statement-breakpoint
ALTER TABLE "consultation_types" ADD COLUMN "is_convert_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "is_scheduling" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "specialty_id" uuid;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "scheduling" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "group_scheduling" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "accepting_new_patients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "patient_min_age" smallint;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "patient_max_age" smallint;--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_types" ADD CONSTRAINT "visit_types_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_user_id_users_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_consultation_types" ADD CONSTRAINT "provider_consultation_types_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_consultation_types" ADD CONSTRAINT "provider_consultation_types_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_consultation_types" ADD CONSTRAINT "provider_consultation_types_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_filter_options" ADD CONSTRAINT "provider_filter_options_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_filter_options" ADD CONSTRAINT "provider_filter_options_option_id_scheduling_filter_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."scheduling_filter_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_insurances" ADD CONSTRAINT "provider_insurances_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_insurances" ADD CONSTRAINT "provider_insurances_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_time_off" ADD CONSTRAINT "provider_time_off_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_filter_options" ADD CONSTRAINT "scheduling_filter_options_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_held_by_user_id_users_id_fk" FOREIGN KEY ("held_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_user_id_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_consultation_type_id_consultation_types_id_fk" FOREIGN KEY ("consultation_type_id") REFERENCES "public"."consultation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_provider_start_idx" ON "appointments" USING btree ("provider_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_start_idx" ON "appointments" USING btree ("patient_user_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_clinic_start_idx" ON "appointments" USING btree ("clinic_id","start_at");--> statement-breakpoint
CREATE INDEX "provider_time_off_provider_idx" ON "provider_time_off" USING btree ("provider_id","start_at");--> statement-breakpoint
CREATE INDEX "scheduling_filter_options_clinic_idx" ON "scheduling_filter_options" USING btree ("clinic_id","kind");--> statement-breakpoint
CREATE INDEX "slot_holds_provider_start_idx" ON "slot_holds" USING btree ("provider_id","start_at");--> statement-breakpoint
CREATE INDEX "slot_holds_patient_idx" ON "slot_holds" USING btree ("patient_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_appointment_unique" ON "waitlist_entries" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("provider_id","consultation_type_id","created_at");--> statement-breakpoint
ALTER TABLE "consultation_types" ADD CONSTRAINT "consultation_types_visit_type_id_visit_types_id_fk" FOREIGN KEY ("visit_type_id") REFERENCES "public"."visit_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Double booking is impossible by construction (ARCHITECTURE.md): live appointments of one provider
-- never overlap. drizzle-kit cannot express EXCLUDE, so it is written here by hand.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start_at", "finish_at") WITH &&) WHERE ("status" <> 'cancelled');
