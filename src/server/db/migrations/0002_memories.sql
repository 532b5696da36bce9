CREATE TABLE "souvenirs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"prompt" text NOT NULL,
	"poetic_summary" text,
	"liked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"conversation_id" text,
	"share_token" text,
	CONSTRAINT "souvenirs_share_token_unique" UNIQUE("share_token"),
	CONSTRAINT "souvenirs_share_token_check" CHECK ("souvenirs"."share_token" is null or "souvenirs"."share_token" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "souvenirs" ADD CONSTRAINT "souvenirs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "souvenirs_user_id_created_at_idx" ON "souvenirs" USING btree ("user_id","created_at" DESC NULLS FIRST);