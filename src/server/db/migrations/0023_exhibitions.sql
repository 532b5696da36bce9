-- The monthly exhibition: one per person and month (the unique key makes it once under concurrent requests).
CREATE TABLE "exhibitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"time_zone" text NOT NULL,
	"title" text NOT NULL,
	"letter" text NOT NULL,
	"letter_by" text NOT NULL,
	"language" text NOT NULL,
	"kept_at" timestamp with time zone,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exhibitions_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "exhibitions_user_id_month_key" UNIQUE("user_id","month"),
	CONSTRAINT "exhibitions_month_check" CHECK ("exhibitions"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "exhibitions_letter_by_check" CHECK ("exhibitions"."letter_by" in ('ai', 'offline')),
	CONSTRAINT "exhibitions_language_check" CHECK ("exhibitions"."language" in ('en', 'fr')),
	CONSTRAINT "exhibitions_share_token_check" CHECK ("exhibitions"."share_token" is null or "exhibitions"."share_token" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "exhibitions" ADD CONSTRAINT "exhibitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;