CREATE TABLE "journal_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "journal_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "free_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_days" ADD CONSTRAINT "journal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;