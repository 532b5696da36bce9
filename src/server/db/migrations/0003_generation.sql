CREATE TABLE "generations" (
	"idempotency_key" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"memory_id" uuid,
	"outcome" text,
	"error_details" text,
	"text_fallback" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generations_status_check" CHECK ("generations"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "generations_outcome_check" CHECK ("generations"."outcome" is null or "generations"."outcome" in ('created', 'fallback-size', 'fallback-policy', 'fallback'))
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "image_size" text DEFAULT '1024x1024' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "image_quality" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_memory_id_souvenirs_id_fk" FOREIGN KEY ("memory_id") REFERENCES "public"."souvenirs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_user_id_created_at_idx" ON "generations" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_image_size_check" CHECK ("app_settings"."image_size" ~ '^(auto|[0-9]{2,5}x[0-9]{2,5})$');--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_image_quality_check" CHECK ("app_settings"."image_quality" in ('standard', 'hd', 'low', 'medium', 'high', 'auto'));