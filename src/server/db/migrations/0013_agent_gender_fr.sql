ALTER TABLE "app_settings" ADD COLUMN "agent_gender_fr" text DEFAULT 'neutral' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_agent_gender_fr_check" CHECK ("app_settings"."agent_gender_fr" in ('feminine', 'masculine', 'neutral'));--> statement-breakpoint
-- The default agent keeps its French voice: Mira is feminine. A renamed agent stays neutral until the administrator chooses.
UPDATE "app_settings" SET "agent_gender_fr" = 'feminine' WHERE "agent_name_fr" = 'Mira';
