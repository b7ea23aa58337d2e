CREATE TABLE "video_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_room_invitations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_room_participants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"display_name" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "video_rooms" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by_user_id" uuid,
	"patient_joined_at" timestamp with time zone,
	"patient_left_at" timestamp with time zone,
	"provider_joined_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_chat_messages" ADD CONSTRAINT "video_chat_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_invitations" ADD CONSTRAINT "video_room_invitations_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_invitations" ADD CONSTRAINT "video_room_invitations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_participants" ADD CONSTRAINT "video_room_participants_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_room_participants" ADD CONSTRAINT "video_room_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_rooms" ADD CONSTRAINT "video_rooms_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_rooms" ADD CONSTRAINT "video_rooms_ended_by_user_id_users_id_fk" FOREIGN KEY ("ended_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_chat_messages_room_idx" ON "video_chat_messages" USING btree ("appointment_id","sent_at");--> statement-breakpoint
CREATE INDEX "video_room_invitations_appointment_idx" ON "video_room_invitations" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "video_room_participants_room_idx" ON "video_room_participants" USING btree ("appointment_id","left_at");