CREATE TABLE "chat_disclosures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_reply_at" timestamp with time zone NOT NULL,
	"disclosed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_disclosures" ADD CONSTRAINT "chat_disclosures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;