CREATE TABLE "care_plan_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"care_plan_id" uuid NOT NULL,
	"key" text NOT NULL,
	"target_min" numeric(12, 2),
	"target_max" numeric(12, 2),
	"due_date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"clinic_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vital_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reading_id" uuid,
	"key" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"recorded_by_user_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_plan_goals" ADD CONSTRAINT "care_plan_goals_care_plan_id_care_plans_id_fk" FOREIGN KEY ("care_plan_id") REFERENCES "public"."care_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_plans" ADD CONSTRAINT "care_plans_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_devices" ADD CONSTRAINT "monitoring_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_devices" ADD CONSTRAINT "monitoring_devices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_devices" ADD CONSTRAINT "monitoring_devices_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_values" ADD CONSTRAINT "vital_values_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_values" ADD CONSTRAINT "vital_values_reading_id_vital_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."vital_readings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_values" ADD CONSTRAINT "vital_values_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_plan_goals_plan_idx" ON "care_plan_goals" USING btree ("care_plan_id");--> statement-breakpoint
CREATE INDEX "care_plans_user_idx" ON "care_plans" USING btree ("user_id","clinic_id");--> statement-breakpoint
CREATE INDEX "monitoring_devices_user_idx" ON "monitoring_devices" USING btree ("user_id","clinic_id");--> statement-breakpoint
CREATE INDEX "vital_values_user_key_idx" ON "vital_values" USING btree ("user_id","key","recorded_at");--> statement-breakpoint
-- Decision 0028: the vitals task's earlier readings join the per-key history.
INSERT INTO "vital_values" ("user_id", "reading_id", "key", "value", "recorded_by_user_id", "recorded_at")
SELECT r."user_id", r."id", v."key", v."value", r."recorded_by_user_id", r."recorded_at"
FROM "vital_readings" r
CROSS JOIN LATERAL (VALUES
  ('pulse', r."pulse"::numeric),
  ('systolic_bp', r."systolic_bp"::numeric),
  ('diastolic_bp', r."diastolic_bp"::numeric),
  ('temperature', r."temperature"),
  ('weight', r."weight"),
  ('height', r."height"),
  ('bmi', r."bmi"),
  ('oxygen_saturation', r."oxygen_saturation"::numeric),
  ('pain', r."pain"::numeric)
) AS v("key", "value")
WHERE v."value" IS NOT NULL;
