ALTER TABLE "app_settings" ADD COLUMN "reminder_schedule_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "reminder_schedule_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "reminder_last_run_on" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_reminder_days_check" CHECK ("app_settings"."reminder_schedule_days" >= 1);