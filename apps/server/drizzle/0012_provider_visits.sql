CREATE TABLE "appointment_visits" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"patient_status" text,
	"patient_status_at" timestamp with time zone,
	"visit_status" text,
	"visit_status_at" timestamp with time zone,
	"last_called_in_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "walk_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinic_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthdate" date,
	"eta" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_visits" ADD CONSTRAINT "appointment_visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_visits" ADD CONSTRAINT "appointment_visits_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walk_ins" ADD CONSTRAINT "walk_ins_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walk_ins_clinic_idx" ON "walk_ins" USING btree ("clinic_id","created_at");