CREATE TABLE "safety_referrals" (
	"day" date NOT NULL,
	"language" text NOT NULL,
	"country" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "safety_referrals_day_language_country_pk" PRIMARY KEY("day","language","country"),
	CONSTRAINT "safety_referrals_count_check" CHECK ("safety_referrals"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country" text;