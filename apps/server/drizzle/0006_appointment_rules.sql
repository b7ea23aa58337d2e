ALTER TABLE "clinics" ADD COLUMN "patient_cancel_notice_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "waitlist_hidden_sources" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "check_in_flow" text DEFAULT 'new' NOT NULL;