CREATE TABLE "continuity_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keeping_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kept_conversations" (
	"user_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"version" integer NOT NULL,
	"iv" text NOT NULL,
	"ciphertext" text NOT NULL,
	"bytes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kept_conversations_user_id_conversation_id_pk" PRIMARY KEY("user_id","conversation_id"),
	CONSTRAINT "kept_conversations_bytes_check" CHECK ("kept_conversations"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "continuity_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "continuity_facts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "souvenirs" ADD COLUMN "continuity_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "continuity_facts" ADD CONSTRAINT "continuity_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeping_keys" ADD CONSTRAINT "keeping_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kept_conversations" ADD CONSTRAINT "kept_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "continuity_facts_user_id_created_at_idx" ON "continuity_facts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kept_conversations_user_id_updated_at_idx" ON "kept_conversations" USING btree ("user_id","updated_at");